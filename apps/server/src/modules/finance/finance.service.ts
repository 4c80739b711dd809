import { Codes, MAX_FEN } from '@agent-console/contract';
import type { Database, Tx } from '../../db/client';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { checkViolationOf } from '../../shared/db-errors';
import { chinaDayOf, nextChinaDay } from '../../shared/time';
import {
  type AccountMove,
  type FinanceAccountRow,
  type FinanceRepository,
  INCOME_KINDS,
  LEDGER_KINDS,
  type LedgerDayRow,
  type LedgerEntryRow,
  type LedgerKind,
  type NewLedgerEntryRow,
} from './finance.repository';

export type { FinanceAccountRow, LedgerEntryRow, LedgerKind };

/**
 * One movement of one agent's money. Deltas are signed integer fen: a withdrawal hold is
 * `{ availableDeltaFen: -a, frozenDeltaFen: +a }`, its payout `{ frozenDeltaFen: -a }`.
 */
export interface LedgerEntryInput {
  agentId: number;
  kind: LedgerKind;
  availableDeltaFen: number;
  frozenDeltaFen: number;
  orderId?: number;
  /** The profit allocation an order_share / share_reversal books (the settlement's own). */
  allocationId?: number;
  withdrawalId?: number;
  deviceSettlementId?: number;
  reason?: string;
  actorAgentId?: number;
}

const INCOME: ReadonlySet<LedgerKind> = new Set(INCOME_KINDS);

/** Account balance constraints: breaking one means the money is not there. */
const BALANCE_CONSTRAINTS = new Set([
  'finance_accounts_available_range',
  'finance_accounts_frozen_range',
  // An entry of the call that would leave the balance below zero before a later one refills it.
  'ledger_entries_available_after_range',
  'ledger_entries_frozen_after_range',
]);

const isDelta = (n: number) => Number.isSafeInteger(n) && Math.abs(n) <= MAX_FEN;

function checkEntry(e: LedgerEntryInput): void {
  const ok =
    Number.isSafeInteger(e.agentId) &&
    (LEDGER_KINDS as readonly string[]).includes(e.kind) &&
    isDelta(e.availableDeltaFen) &&
    isDelta(e.frozenDeltaFen) &&
    (e.availableDeltaFen !== 0 || e.frozenDeltaFen !== 0) &&
    (e.reason === undefined || e.reason.length <= 200);
  // A caller's bug, not a user's input: routes validate what they are sent before posting.
  if (!ok) throw new Error(`invalid ledger entry ${JSON.stringify(e)}`);
}

/** The account moves of a list of entries: one per agent, summed. */
function movesOf(entries: readonly LedgerEntryInput[]): AccountMove[] {
  const byAgent = new Map<number, AccountMove>();
  for (const e of entries) {
    let m = byAgent.get(e.agentId);
    if (!m) {
      m = { agentId: e.agentId, availableFen: 0, frozenFen: 0, incomeFen: 0, withdrawnFen: 0 };
      byAgent.set(e.agentId, m);
    }
    m.availableFen += e.availableDeltaFen;
    m.frozenFen += e.frozenDeltaFen;
    if (INCOME.has(e.kind)) m.incomeFen += e.availableDeltaFen;
    if (e.kind === 'withdraw_paid') m.withdrawnFen -= e.availableDeltaFen + e.frozenDeltaFen;
  }
  return [...byAgent.values()];
}

/**
 * The agents' money (issue 10 §2). `post` is the one way to move it: it appends the ledger
 * entries and moves the finance accounts in the caller's transaction, so a balance always equals
 * the sum of its entries.
 */
export function createFinanceService(deps: { db: Database; repo: FinanceRepository; clock: Clock }) {
  const { db, repo, clock } = deps;
  /** The last China day this process knows to be opened (`openDays`). */
  let openedThrough: string | null = null;

  return {
    /**
     * Appends `entries` and moves their accounts by them, in `tx` (set-based: one statement for
     * the accounts, locked in agent-id order, one for the entries). Each entry records the
     * balances after it (entries of one agent in one call: in the order given). Money that is not
     * there (a balance that would go below zero) throws `4005 可用余额不足` and writes nothing; the
     * work runs in a savepoint, so the caller's transaction stays usable after catching it.
     */
    async post(tx: Tx, entries: readonly LedgerEntryInput[]): Promise<LedgerEntryRow[]> {
      if (entries.length === 0) return [];
      for (const e of entries) checkEntry(e);
      const now = clock();
      // A savepoint of the caller's transaction (drizzle's nested transaction).
      return tx.transaction(async (inner) => {
        const sp = inner as unknown as Tx;
        let after: { agentId: number; availableFen: number; frozenFen: number }[];
        try {
          after = await repo.moveAccounts(sp, movesOf(entries), now);
        } catch (err) {
          const constraint = checkViolationOf(err);
          if (constraint !== null && BALANCE_CONSTRAINTS.has(constraint)) {
            throw new AppError(Codes.INSUFFICIENT_BALANCE);
          }
          throw err;
        }
        // Walk the entries backwards from the balances after the whole move: each entry's
        // balances are those after it.
        const balance = new Map(after.map((a) => [a.agentId, { ...a }]));
        const rows: NewLedgerEntryRow[] = new Array(entries.length);
        for (let i = entries.length - 1; i >= 0; i--) {
          const e = entries[i] as LedgerEntryInput;
          const b = balance.get(e.agentId);
          if (!b) throw new Error(`account ${e.agentId} was not moved`);
          rows[i] = {
            agentId: e.agentId,
            kind: e.kind,
            availableDeltaFen: e.availableDeltaFen,
            frozenDeltaFen: e.frozenDeltaFen,
            availableAfterFen: b.availableFen,
            frozenAfterFen: b.frozenFen,
            orderId: e.orderId ?? null,
            allocationId: e.allocationId ?? null,
            withdrawalId: e.withdrawalId ?? null,
            deviceSettlementId: e.deviceSettlementId ?? null,
            reason: e.reason ?? null,
            actorAgentId: e.actorAgentId ?? null,
            createdAt: now,
          };
          b.availableFen -= e.availableDeltaFen;
          b.frozenFen -= e.frozenDeltaFen;
        }
        // The ledger by agent, China day and kind (成员财务's income, 资金明细's totals), in the same
        // transaction as the entries.
        const day = chinaDayOf(now).day;
        const days = new Map<string, LedgerDayRow>();
        for (const e of entries) {
          const key = `${e.agentId}:${e.kind}`;
          const r = days.get(key) ?? {
            agentId: e.agentId,
            day,
            kind: e.kind,
            entryCount: 0,
            availableFen: 0,
            frozenFen: 0,
            availableInFen: 0,
            availableOutFen: 0,
          };
          r.entryCount += 1;
          r.availableFen += e.availableDeltaFen;
          r.frozenFen += e.frozenDeltaFen;
          r.availableInFen += Math.max(0, e.availableDeltaFen);
          r.availableOutFen += Math.max(0, -e.availableDeltaFen);
          days.set(key, r);
        }
        try {
          await repo.addLedgerDays(sp, [...days.values()]);
          return await repo.insertEntries(sp, rows);
        } catch (err) {
          const constraint = checkViolationOf(err);
          if (constraint !== null && BALANCE_CONSTRAINTS.has(constraint)) {
            throw new AppError(Codes.INSUFFICIENT_BALANCE);
          }
          throw err;
        }
      });
    },

    /**
     * The day opener: carries every agent's income running total into each China day from the day
     * after the last one opened to today (`ledger_income_days`), a transaction per day, so that a
     * day's totals are one index range for 成员财务's income of a range. The first time, it opens
     * today. Idempotent, and cheap once today is open (nothing read). The background worker runs
     * it before each settlement round; a reader never depends on it (a missing row is looked up).
     * Answers the rows carried.
     */
    async openDays(): Promise<number> {
      const today = chinaDayOf(clock()).day;
      if (openedThrough !== null && openedThrough >= today) return 0;
      const last = await repo.lastOpenedDay();
      let carried = 0;
      for (let day = last === null ? today : nextChinaDay(last); day <= today; day = nextChinaDay(day)) {
        const open = day;
        carried += await db.transaction((tx) => repo.openIncomeDay(tx, open, clock()));
      }
      openedThrough = today;
      return carried;
    },

    /** The accounts of these agents (an agent that never had money has none: zero everywhere). */
    accounts: (agentIds: readonly number[]) => repo.accounts(agentIds),

    /** An agent's latest entries, newest first. */
    entriesOf: (agentId: number, limit = 100) => repo.entriesOf(agentId, limit),
  };
}

export type FinanceService = ReturnType<typeof createFinanceService>;
