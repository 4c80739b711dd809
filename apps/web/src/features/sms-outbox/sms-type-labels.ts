import type { SmsTypeCode } from '@agent-console/contract/security';

/** What each SMS type is for, as the outbox shows it. */
export const SmsTypeLabels: Record<SmsTypeCode, string> = {
  VERIFY_PHONE: '验证绑定手机',
  CHANGE_PHONE_NEW: '修改手机号（新手机）',
  CHANGE_PHONE_OLD: '修改手机号（原手机）',
  LOGIN_PASSWORD: '修改登录密码',
  PAY_PASSWORD: '设置提现密码',
  REAL_NAME: '实名认证',
  WITHDRAW_ACCOUNT: '修改提现账号',
  RESET_PASSWORD: '找回登录密码',
  WITHDRAW: '申请提现',
};

export const smsTypeLabel = (code: string): string => SmsTypeLabels[code as SmsTypeCode] ?? code;
