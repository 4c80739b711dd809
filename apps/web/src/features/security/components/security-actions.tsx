import { RealNameStatus } from '@agent-console/contract/enums';
import { RealNameRecordStatus } from '@agent-console/contract/real-name';
import type { UserInfo } from '@agent-console/contract/user';
import { Alert, Button, Descriptions, Space, Tag } from 'antd';
import { formatTime } from '../../../lib/format';
import { useRealNameRecord, useWithdrawAccount } from '../api/security-state';
import { openSecurityDialog } from '../dialog-store';
import './security-actions.css';

const statusTag = (status: number | null | undefined) => {
  if (status === RealNameStatus.VERIFIED) return <Tag color="success">已认证</Tag>;
  if (status === RealNameStatus.UNDER_REVIEW) return <Tag color="processing">审核中</Tag>;
  if (status === RealNameRecordStatus.REJECTED) return <Tag color="error">已驳回</Tag>;
  return <Tag color="warning">未认证</Tag>;
};

/**
 * The personal center's account-security actions: each opens its dialog (through the gates), and
 * the real-name record (with the reviewer's reason when rejected) and the withdraw account.
 */
export function SecurityActions({ user }: { user: UserInfo }) {
  const record = useRealNameRecord().data;
  const account = useWithdrawAccount().data;
  const status = record?.status ?? user.realNameStatus;
  const canSubmitIdentity = status !== RealNameStatus.VERIFIED && status !== RealNameStatus.UNDER_REVIEW;

  return (
    <div className="security-actions">
      <section className="security-actions-row" data-action="phone">
        <div className="security-actions-head">
          <span className="security-actions-title">绑定手机</span>
          <span className="security-actions-value">{user.mobilePhone}</span>
        </div>
        <Space wrap>
          {!user.phoneVerified && (
            <Button type="primary" onClick={() => openSecurityDialog({ kind: 'verifyPhone' })}>
              验证手机
            </Button>
          )}
          <Button onClick={() => openSecurityDialog({ kind: 'changePhone' })}>修改手机号</Button>
        </Space>
      </section>
      <section className="security-actions-row" data-action="password">
        <div className="security-actions-head">
          <span className="security-actions-title">登录密码</span>
          <span className="security-actions-value">{user.isSetLoginPassword ? '已设置' : '初始密码'}</span>
        </div>
        <Space wrap>
          <Button onClick={() => openSecurityDialog({ kind: 'password', mode: 'login' })}>
            {user.isSetLoginPassword ? '修改登录密码' : '修改初始密码'}
          </Button>
          <Button onClick={() => openSecurityDialog({ kind: 'password', mode: 'pay' })}>
            {user.isSetPayPassword ? '修改提现密码' : '设置提现密码'}
          </Button>
        </Space>
      </section>
      <section className="security-actions-row" data-action="identity">
        <div className="security-actions-head">
          <span className="security-actions-title">实名认证</span>
          {statusTag(status)}
        </div>
        {canSubmitIdentity && (
          <Button type="primary" onClick={() => openSecurityDialog({ kind: 'identity' })}>
            {status === RealNameRecordStatus.REJECTED ? '重新认证' : '去认证'}
          </Button>
        )}
      </section>
      {record && (
        <Descriptions size="small" column={2} className="security-actions-record" bordered>
          <Descriptions.Item label="姓名">{record.realName}</Descriptions.Item>
          <Descriptions.Item label="身份证号">{record.idNo}</Descriptions.Item>
          <Descriptions.Item label="提交时间">{formatTime(record.submitTime)}</Descriptions.Item>
          <Descriptions.Item label="审核时间">{formatTime(record.reviewTime)}</Descriptions.Item>
        </Descriptions>
      )}
      {record?.status === RealNameRecordStatus.REJECTED && record.rejectReason && (
        <Alert
          className="security-actions-reject"
          type="error"
          showIcon
          title="实名认证未通过"
          description={`驳回原因：${record.rejectReason}`}
        />
      )}
      <section className="security-actions-row" data-action="withdraw">
        <div className="security-actions-head">
          <span className="security-actions-title">提现账号</span>
          <span className="security-actions-value">
            {account ? `支付宝 ${account.accountNo}（${account.realName}）` : '未设置'}
          </span>
        </div>
        <Button onClick={() => openSecurityDialog({ kind: 'withdraw' })}>
          {account ? '修改提现账号' : '设置提现账号'}
        </Button>
      </section>
    </div>
  );
}
