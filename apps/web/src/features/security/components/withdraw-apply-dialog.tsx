import { fenToYuan, formatYuan, yuanToFen } from '@agent-console/contract/money';
import { FEE_RATE_MAX, type WithdrawChannel, withdrawFeeOf } from '@agent-console/contract/withdrawals';
import { useQuery } from '@tanstack/react-query';
import { Alert, Form, Input } from 'antd';
import { ownFinanceQuery } from '../../../lib/own-finance';
import { applyForWithdrawal, withdrawChannelsQuery } from '../api/withdraw-apply';
import { stepsOf } from '../steps';
import { StepForm } from './dialog-fields';
import { DialogFrame } from './dialog-frame';
import type { DialogProps } from './phone-dialogs';
import { SmsCodeField } from './sms-code-field';
import { formStep, useStepDialog } from './use-step-dialog';

interface AmountValues {
  amount: string;
}
interface ConfirmValues {
  payPassword: string;
  smsCode: string;
}

/** The fee rate in 1/10000 as a percentage: 60 → 0.6. */
const ratePercent = (rate: number) => `${(rate * 100) / FEE_RATE_MAX}%`;

/** The rules line under the amount: minimum and fee. */
function rulesText(c: WithdrawChannel): string {
  const fee =
    c.feeRate === 0 && c.feeFixed === 0
      ? '免手续费'
      : `手续费 ${[
          c.feeRate ? ratePercent(c.feeRate) : '',
          c.feeFixed ? `${fenToYuan(c.feeFixed)} 元/笔` : '',
        ]
          .filter(Boolean)
          .join(' + ')}`;
  return `最低提现 ${fenToYuan(c.minAmount)} 元，${fee}`;
}

/**
 * 提现 (issue 10): the amount in yuan (checked against the minimum, the fee and the available
 * balance as typed), then the withdraw password and the WITHDRAW code sent to the bound phone. The
 * amount is sent in fen; the server checks everything again and holds the amount at once.
 */
export function WithdrawApplyDialog({ open, onClose, onDone, phone }: DialogProps & { phone: string }) {
  const [amountForm] = Form.useForm<AmountValues>();
  const [confirmForm] = Form.useForm<ConfirmValues>();
  const finance = useQuery({ ...ownFinanceQuery(), enabled: open }).data;
  const channel = useQuery({ ...withdrawChannelsQuery(), enabled: open }).data?.[0];
  const typed = Form.useWatch('amount', amountForm) as string | undefined;
  const amountFen = yuanToFen(typed ?? '');
  const fee = channel && amountFen !== null ? withdrawFeeOf(amountFen, channel) : null;
  const steps = stepsOf({ dialog: 'withdrawApply' });

  const dialog = useStepDialog({
    open,
    steps,
    handlers: {
      amount: formStep(amountForm),
      confirm: formStep(confirmForm, (values) =>
        applyForWithdrawal({
          amount: yuanToFen(amountForm.getFieldValue('amount')) ?? 0,
          channel: channel?.channel ?? 'alipay',
          password: values.payPassword,
          smsCode: values.smsCode.trim(),
        }),
      ),
    },
    success: '提现申请已提交，请等待审核',
    onDone,
  });

  const amountRule = {
    validator: async (_: unknown, value: string | undefined) => {
      if (!value?.trim()) throw new Error('请输入提现金额');
      const fen = yuanToFen(value);
      if (fen === null || fen <= 0) throw new Error('请输入正确的金额，最多两位小数');
      if (channel && fen < channel.minAmount)
        throw new Error(`提现金额不能低于${fenToYuan(channel.minAmount)}元`);
      if (channel && withdrawFeeOf(fen, channel) >= fen) throw new Error('提现金额须大于手续费');
      if (finance && fen > finance.available) throw new Error('可提现余额不足');
    },
  };

  return (
    <DialogFrame
      title="申请提现"
      testId="withdraw-apply-dialog"
      open={open}
      onClose={onClose}
      stepTitles={['提现金额', '安全验证']}
      dialog={dialog}
    >
      <StepForm dialog={dialog} step="amount" form={amountForm}>
        {channel ? (
          <Alert
            className="withdraw-apply-account"
            type="info"
            showIcon
            title={`到账账户：${channel.channelName} ${channel.accountNo ?? '未设置'}（${channel.realName ?? '—'}）`}
            description={rulesText(channel)}
          />
        ) : null}
        <Form.Item
          label="提现金额（元）"
          name="amount"
          rules={[amountRule]}
          validateFirst
          extra={
            <>
              可提现余额 {finance ? formatYuan(finance.available) : '—'} 元
              {fee !== null && amountFen !== null && amountFen > fee
                ? `，手续费 ${formatYuan(fee)} 元，实际到账 ${formatYuan(amountFen - fee)} 元`
                : ''}
            </>
          }
        >
          <Input
            inputMode="decimal"
            maxLength={14}
            prefix="¥"
            placeholder="请输入提现金额"
            aria-label="提现金额"
          />
        </Form.Item>
      </StepForm>
      <StepForm dialog={dialog} step="confirm" form={confirmForm}>
        <p className="withdraw-apply-summary">
          提现 {amountFen !== null ? formatYuan(amountFen) : '—'} 元
          {fee !== null && amountFen !== null ? `，实际到账 ${formatYuan(amountFen - fee)} 元` : ''}
        </p>
        <Form.Item
          label="提现密码"
          name="payPassword"
          rules={[{ required: true, message: '请输入提现密码' }]}
        >
          <Input.Password
            maxLength={20}
            placeholder="请输入提现密码"
            aria-label="提现密码"
            autoComplete="off"
          />
        </Form.Item>
        <SmsCodeField
          smsTypeCode="WITHDRAW"
          active={dialog.shows('confirm')}
          target={phone}
          resetKey={dialog.resetKey}
        />
      </StepForm>
    </DialogFrame>
  );
}
