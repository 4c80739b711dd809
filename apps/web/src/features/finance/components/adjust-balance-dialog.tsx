import type { MemberFinanceItem } from '@agent-console/contract/members';
import { formatYuan, yuanToFen } from '@agent-console/contract/money';
import { ADJUST_REASON_MAX } from '@agent-console/contract/withdrawals';
import { Form, Modal } from 'antd';
import Input from 'antd/es/input/Input';
import TextArea from 'antd/es/input/TextArea';
import { levelLabel } from '../../../lib/format';
import { runAction } from '../../../lib/use-action';
import { validValues } from '../../../lib/valid-form';
import { useAdjustBalance } from '../api/finance';

interface Values {
  amount: string;
  reason: string;
}

/** What the amount field takes: yuan with at most two decimals, a minus for a debit. */
export const ADJUST_AMOUNT_RE = /^-?\d{1,11}(\.\d{1,2})?$/;

/** The amount typed, in fen, when it is a valid non-zero amount; null otherwise. */
export function adjustAmountFen(text: string | undefined): number | null {
  const typed = (text ?? '').trim();
  if (!ADJUST_AMOUNT_RE.test(typed)) return null;
  const fen = yuanToFen(typed);
  return fen === null || fen === 0 ? null : fen;
}

/**
 * 调账 (level 0): credits (a positive amount) or debits (a negative one) a member's available
 * balance by hand, with a reason the ledger keeps. Shows the balance after as the amount is typed;
 * a debit beyond the available balance is refused here as on the server (可用余额不足).
 */
export function AdjustBalanceDialog({
  member,
  onClose,
}: {
  member: MemberFinanceItem | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const adjust = useAdjustBalance();
  const typed = Form.useWatch('amount', form) as string | undefined;
  const fen = adjustAmountFen(typed);
  const available = member?.available ?? 0;
  const after = fen === null ? null : available + fen;

  const close = () => {
    form.resetFields();
    onClose();
  };
  const submit = async () => {
    if (!member) return;
    const values = await validValues(form);
    if (!values) return;
    const amount = adjustAmountFen(values.amount);
    if (amount === null) return;
    const done = await runAction(
      () => adjust.mutateAsync({ agentId: member.agentId, amount, reason: values.reason.trim() }),
      {
        success: (result) => (result ? `调账成功，可用余额 ${formatYuan(result.available)} 元` : '调账成功'),
      },
    );
    if (done) close();
  };

  return (
    <Modal
      title={member ? `调账：${member.agentName}（${levelLabel(member.agentLevel)}）` : ''}
      open={member !== null}
      okText="确定调账"
      cancelText="取消"
      okButtonProps={{ loading: adjust.isPending }}
      onOk={() => void submit()}
      onCancel={close}
      destroyOnHidden
    >
      <div className="adjust-balances" data-testid="adjust-balances">
        <span>
          当前可用余额 <strong>{formatYuan(available)}</strong> 元
        </span>
        <span>
          调整后可用余额{' '}
          <strong className={after !== null && after < 0 ? 'adjust-after is-negative' : 'adjust-after'}>
            {after === null ? '—' : formatYuan(after)}
          </strong>{' '}
          元
        </span>
      </div>
      <Form form={form} layout="vertical" className="adjust-form">
        <Form.Item
          label="调整金额（元）"
          name="amount"
          extra="正数为增加，负数为扣减，最多两位小数"
          validateFirst
          rules={[
            { required: true, whitespace: true, message: '请输入调整金额' },
            {
              validator: async (_: unknown, value: string | undefined) => {
                const text = (value ?? '').trim();
                if (!ADJUST_AMOUNT_RE.test(text) || yuanToFen(text) === null)
                  throw new Error('请输入正确的金额，最多两位小数');
                if (yuanToFen(text) === 0) throw new Error('调整金额不能为0');
                if (available + (yuanToFen(text) ?? 0) < 0) throw new Error('可用余额不足');
              },
            },
          ]}
        >
          <Input
            inputMode="decimal"
            maxLength={15}
            prefix="¥"
            placeholder="如 100.00 或 -50.00"
            aria-label="调整金额"
          />
        </Form.Item>
        <Form.Item
          label="调整原因"
          name="reason"
          rules={[
            { required: true, whitespace: true, message: '请输入调整原因' },
            { max: ADJUST_REASON_MAX, message: `调整原因最多${ADJUST_REASON_MAX}个字` },
          ]}
        >
          <TextArea
            rows={3}
            maxLength={ADJUST_REASON_MAX}
            showCount
            placeholder="请输入调整原因，记入资金明细"
            aria-label="调整原因"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
