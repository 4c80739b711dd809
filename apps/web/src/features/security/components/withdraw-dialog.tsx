import { ALIPAY_ACCOUNT_MAX, Messages, REAL_NAME_MAX } from '@agent-console/contract';
import { Form, Input } from 'antd';
import { useReducer, useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { saveWithdrawAccount } from '../api/withdraw-account';
import { currentStep, isLastStep, stepReducer, stepsOf } from '../steps';
import { DialogFrame, useDialogReset } from './dialog-frame';
import type { DialogProps } from './phone-dialogs';
import { validValues } from './phone-rules';
import { SmsCodeField } from './sms-code-field';

interface WithdrawDialogProps extends DialogProps {
  /** No withdraw account yet: the SMS step is skipped (spec section 4). */
  firstTime: boolean;
  /**
   * From the real-name lookup: '*' + the last character. Shown as the field's hint; the full name
   * is typed (the server checks it against the verified identity, which the console never holds).
   */
  maskedRealName: string | null;
  /** The current account, masked, when one is set. */
  currentAccount: string | null;
  phone: string;
}

/** The withdraw (Alipay) account and real name, then the SMS code unless set up for the first time. */
export function WithdrawDialog({
  open,
  onClose,
  onDone,
  firstTime,
  maskedRealName,
  currentAccount,
  phone,
}: WithdrawDialogProps) {
  const [form] = Form.useForm<{ accountNo: string; realName: string }>();
  const [smsForm] = Form.useForm<{ smsCode: string }>();
  const steps = stepsOf({ dialog: 'withdraw', firstTime });
  const [state, dispatch] = useReducer(stepReducer, { steps, index: 0 });
  const [busy, setBusy] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  useDialogReset(open, () => {
    form.resetFields();
    smsForm.resetFields();
    dispatch({ type: 'reset', steps: stepsOf({ dialog: 'withdraw', firstTime }) });
    setResetKey((k) => k + 1);
  });
  if (open && state.index === 0 && state.steps.length !== steps.length) dispatch({ type: 'reset', steps });
  const step = currentStep(state);

  const submit = async () => {
    let smsCode: string | undefined;
    if (step === 'account') {
      if (!(await validValues(form))) return;
    } else {
      const values = await validValues(smsForm);
      if (!values) return;
      smsCode = values.smsCode.trim();
    }
    if (!isLastStep(state)) {
      dispatch({ type: 'next' });
      return;
    }
    const account = form.getFieldsValue();
    setBusy(true);
    try {
      await saveWithdrawAccount(account.accountNo.trim(), account.realName.trim(), smsCode);
      notifySuccess('提现信息保存成功');
      onDone();
    } catch {
      // The api client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogFrame
      title="填写提现信息"
      testId="withdraw-dialog"
      open={open}
      onClose={onClose}
      stepTitles={steps.length > 1 ? ['提现账号', '短信验证'] : ['提现账号']}
      index={state.index}
      busy={busy}
      onSubmit={() => void submit()}
    >
      <div hidden={step !== 'account'}>
        <Form form={form} layout="vertical" autoComplete="off">
          <Form.Item
            label="支付宝账号"
            name="accountNo"
            validateFirst
            extra={currentAccount ? `当前账号：${currentAccount}` : undefined}
            rules={[
              { required: true, whitespace: true, message: Messages.alipayRequired },
              { max: ALIPAY_ACCOUNT_MAX, message: `支付宝账号最多${ALIPAY_ACCOUNT_MAX}个字符` },
            ]}
          >
            <Input
              maxLength={ALIPAY_ACCOUNT_MAX}
              placeholder={Messages.alipayRequired}
              aria-label="支付宝账号"
            />
          </Form.Item>
          <Form.Item
            label="真实姓名"
            name="realName"
            extra={maskedRealName ? `须与实名认证姓名 ${maskedRealName} 一致` : undefined}
            rules={[
              { required: true, whitespace: true, message: Messages.realNameRequired },
              { max: REAL_NAME_MAX, message: `姓名最多${REAL_NAME_MAX}个字` },
            ]}
          >
            <Input
              maxLength={REAL_NAME_MAX}
              placeholder={maskedRealName ?? Messages.realNameRequired}
              aria-label="真实姓名"
            />
          </Form.Item>
        </Form>
      </div>
      <div hidden={step !== 'sms'}>
        <Form form={smsForm} layout="vertical" autoComplete="off">
          <SmsCodeField
            smsTypeCode="WITHDRAW_ACCOUNT"
            active={open && step === 'sms'}
            target={phone}
            resetKey={resetKey}
          />
        </Form>
      </div>
    </DialogFrame>
  );
}
