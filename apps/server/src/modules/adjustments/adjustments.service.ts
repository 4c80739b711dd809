import type { OwnFinance } from '@agent-console/contract';
import type { Database } from '../../db/client';
import type { AuthContext } from '../../shared/auth-context';
import type { FinanceService } from '../finance/finance.service';

/**
 * The operator's manual adjustment of an agent's available balance: one `adjustment` ledger entry
 * with its reason and the operator as its actor, through the finance service's `post` (the one way
 * to move money). A debit beyond the available balance is refused (4005) and writes nothing.
 */
export function createAdjustmentsService(deps: { db: Database; finance: FinanceService }) {
  const { db, finance } = deps;
  return {
    async adjust(
      caller: AuthContext,
      input: { agentId: number; amount: number; reason: string },
    ): Promise<OwnFinance> {
      await db.transaction((tx) =>
        finance.post(tx, [
          {
            agentId: input.agentId,
            kind: 'adjustment',
            availableDeltaFen: input.amount,
            frozenDeltaFen: 0,
            reason: input.reason,
            actorAgentId: caller.agentId,
          },
        ]),
      );
      const [a] = await finance.accounts([input.agentId]);
      return {
        available: a?.availableFen ?? 0,
        frozen: a?.frozenFen ?? 0,
        totalIncome: a?.totalIncomeFen ?? 0,
        totalWithdrawn: a?.totalWithdrawnFen ?? 0,
      };
    },
  };
}

export type AdjustmentsService = ReturnType<typeof createAdjustmentsService>;
