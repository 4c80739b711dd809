import { ALIPAY_ACCOUNT_MAX, REAL_NAME_MAX } from '@agent-console/contract/constants';
import { Messages } from '@agent-console/contract/validators';
import { Form, Input } from 'antd';
import { saveWithdrawAccount } from '../api/withdraw-account';
import { stepsOf } from '../steps';
import { CodeStep, StepForm } from './dialog-fields';
import { DialogFrame } from './dialog-frame';
import { realNameRules } from './field-rules';
import type { DialogProps } from './phone-dialogs';
import { formThenSms, useStepDialog } from './use-step-dialog';

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
  const save = (smsCode?: string) => {
    const account = form.getFieldsValue();
    return saveWithdrawAccount(account.accountNo.trim(), account.realName.trim(), smsCode);
  };
  const dialog = useStepDialog({
    open,
    steps,
    handlers: formThenSms({ steps, first: 'account', form, smsForm, save }),
    success: '提现信息保存成功',
    onDone,
  });

  return (
    <DialogFrame
      title="填写提现信息"
      testId="withdraw-dialog"
      open={open}
      onClose={onClose}
      stepTitles={steps.length > 1 ? ['提现账号', '短信验证'] : ['提现账号']}
      dialog={dialog}
    >
      <StepForm dialog={dialog} step="account" form={form}>
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
          rules={realNameRules}
        >
          <Input
            maxLength={REAL_NAME_MAX}
            placeholder={maskedRealName ?? Messages.realNameRequired}
            aria-label="真实姓名"
          />
        </Form.Item>
      </StepForm>
      <CodeStep dialog={dialog} form={smsForm} smsTypeCode="WITHDRAW_ACCOUNT" target={phone} />
    </DialogFrame>
  );
}
