import { Codes, RealNameStatus } from '@agent-console/contract';
import { AppError } from '../../shared/app-error';
import type { AuthContext } from '../../shared/auth-context';
import type { AccountRow } from '../users/users.service';

/** The prompts of spec section 8, the server's side of the dialogs' gates. */
export const GATE_MESSAGES = {
  verifyPhoneFirst: '请先验证手机号',
  realNameUnderReview: '实名认证审核中，请审核通过后再试',
  realNameFirst: '请先完成实名认证',
} as const;

/** Phone and identity gates apply only below level 0 (spec section 4). */
export const gated = (caller: AuthContext): boolean => caller.subject.agentLevel > 0;

export function requirePhoneVerified(caller: AuthContext, account: AccountRow): void {
  if (gated(caller) && account.phoneVerifiedAt === null)
    throw new AppError(Codes.PRECONDITION_REQUIRED, GATE_MESSAGES.verifyPhoneFirst);
}

/** Identity gate: status 0 waits for the review, anything but 1 must verify first. */
export function requireIdentityVerified(caller: AuthContext, realNameStatus: number | null): void {
  if (!gated(caller) || realNameStatus === RealNameStatus.VERIFIED) return;
  throw new AppError(
    Codes.PRECONDITION_REQUIRED,
    realNameStatus === RealNameStatus.UNDER_REVIEW
      ? GATE_MESSAGES.realNameUnderReview
      : GATE_MESSAGES.realNameFirst,
  );
}
