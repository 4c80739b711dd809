import {
  REAL_NAME_NOT_DONE_LABEL,
  RealNameStatus,
  RealNameStatusLabels,
} from '@agent-console/contract/enums';
import type { UserInfo } from '@agent-console/contract/user';

export type SecurityTone = 'success' | 'processing' | 'warning';

export interface SecurityItem {
  key: 'phone' | 'loginPassword' | 'realName' | 'payPassword';
  title: string;
  description: string;
  state: string;
  tone: SecurityTone;
}

/** Spec section 4: real-name status 0 under review, 1 verified, anything else not done. */
export function realNameState(status: number | null): { state: string; tone: SecurityTone } {
  if (status === RealNameStatus.VERIFIED) return { state: RealNameStatusLabels[1], tone: 'success' };
  if (status === RealNameStatus.UNDER_REVIEW) return { state: RealNameStatusLabels[0], tone: 'processing' };
  return { state: REAL_NAME_NOT_DONE_LABEL, tone: 'warning' };
}

/** The account-security items of the personal center, each with its current state. */
export function securityItems(user: UserInfo): SecurityItem[] {
  return [
    {
      key: 'phone',
      title: '手机验证',
      description: `绑定手机 ${user.mobilePhone}，用于登录和接收安全验证短信`,
      ...(user.phoneVerified
        ? { state: '已验证', tone: 'success' as const }
        : { state: '未验证', tone: 'warning' as const }),
    },
    {
      key: 'loginPassword',
      title: '登录密码',
      description: '登录代理商后台时使用的密码',
      ...(user.isSetLoginPassword
        ? { state: '已设置', tone: 'success' as const }
        : { state: '未修改初始密码', tone: 'warning' as const }),
    },
    {
      key: 'realName',
      title: '实名认证',
      description: '提现前需完成实名认证，认证信息与资金安全相关',
      ...realNameState(user.realNameStatus),
    },
    {
      key: 'payPassword',
      title: '提现密码',
      description: '申请提现时使用的密码',
      ...(user.isSetPayPassword
        ? { state: '已设置', tone: 'success' as const }
        : { state: '未设置', tone: 'warning' as const }),
    },
  ];
}
