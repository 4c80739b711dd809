import { RealNameStatus } from '@agent-console/contract/enums';
import { taskFlags, type UnfinishedTask } from '@agent-console/contract/task';

/** The dialogs of account security (spec section 2). */
export type SecurityDialog =
  | { kind: 'verifyPhone' }
  | { kind: 'changePhone' }
  | { kind: 'password'; mode: 'login' | 'pay' }
  | { kind: 'identity' }
  | { kind: 'withdraw' }
  /** Issue 10: a withdrawal (财务管理's 提现), behind the withdraw dialog's gates and its own. */
  | { kind: 'withdrawApply' };

export const GateTexts = {
  verifyPhoneFirst: '请先验证手机号',
  goVerify: '去验证',
  realNameFirst: '请先完成实名认证',
  goAuthenticate: '去认证',
  cancel: '取消',
  underReview: '实名认证审核中，请审核通过后再试',
  withdrawInfoFirst: '请先填写提现信息（提现账户和提现密码）',
  goFill: '去填写',
} as const;

export interface GateState {
  agentLevel: number;
  tasks: readonly UnfinishedTask[];
  /** The account's real-name status: 0 under review, 1 verified, anything else (or null) not done. */
  realNameStatus: number | null;
}

/**
 * What happens when a dialog is asked for (spec sections 5 and 8):
 * - `open`: it opens (the withdraw dialog after its real-name lookup);
 * - `verifyPhone`: the prompt '请先验证手机号' (去验证 opens phone verification, 取消);
 * - `underReview`: the warning that the identity is under review (status 0);
 * - `realName`: the prompt '请先完成实名认证' (去认证 opens the identity dialog, 取消);
 * - `withdrawInfo`: a withdrawal (issue 10) also needs task 4 done, the withdraw account and the
 *   withdraw password (去填写 opens the withdraw dialog, 取消).
 * Identity and password dialogs check the phone first; the withdraw dialog the phone, then the
 * identity. Phone and identity only count when agentLevel > 0.
 */
export type GateOutcome = 'open' | 'verifyPhone' | 'underReview' | 'realName' | 'withdrawInfo';

export function gateOf(dialog: SecurityDialog, state: GateState): GateOutcome {
  if (dialog.kind === 'verifyPhone' || dialog.kind === 'changePhone') return 'open';
  const flags = taskFlags(state.tasks, state.agentLevel);
  if (flags.needValidatePhone) return 'verifyPhone';
  if (dialog.kind !== 'withdraw' && dialog.kind !== 'withdrawApply') return 'open';
  const identityApplies = state.agentLevel > 0;
  if (identityApplies && (flags.needValidateIdentify || state.realNameStatus !== RealNameStatus.VERIFIED)) {
    return state.realNameStatus === RealNameStatus.UNDER_REVIEW ? 'underReview' : 'realName';
  }
  if (dialog.kind === 'withdrawApply' && flags.needSetWithdraw) return 'withdrawInfo';
  return 'open';
}

/** Spec section 4: add on the first authentication or when no status exists, otherwise modify. */
export const isFirstRealNameSubmission = (status: number | null | undefined): boolean =>
  status === null || status === undefined;
