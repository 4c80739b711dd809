import { Alert, Form } from 'antd';
import { changeLoginPassword, changePayPassword } from '../api/passwords';
import { stepsOf } from '../steps';
import { CodeStep, NewPasswordField, StepForm } from './dialog-fields';
import { DialogFrame } from './dialog-frame';
import type { DialogProps } from './phone-dialogs';
import { formThenSms, useStepDialog } from './use-step-dialog';

interface PasswordDialogProps extends DialogProps {
  mode: 'login' | 'pay';
  /**
   * Set for the first time (the login password still initial; no withdraw password yet): the SMS
   * step is skipped (spec section 4).
   */
  firstTime: boolean;
  /** The masked bound phone the code goes to. */
  phone: string;
}

const titles = {
  login: { first: '修改初始密码', again: '修改登录密码', field: '新登录密码' },
  pay: { first: '设置提现密码', again: '修改提现密码', field: '新提现密码' },
} as const;

/** The login or withdraw password: the new password, then the SMS code unless set for the first time. */
export function PasswordDialog({ open, onClose, onDone, mode, firstTime, phone }: PasswordDialogProps) {
  const [passwordForm] = Form.useForm<{ password: string }>();
  const [smsForm] = Form.useForm<{ smsCode: string }>();
  const steps = stepsOf({ dialog: 'password', firstTime });
  const text = titles[mode];
  const save = (smsCode?: string) => {
    const password = String(passwordForm.getFieldValue('password'));
    return mode === 'login' ? changeLoginPassword(password, smsCode) : changePayPassword(password, smsCode);
  };
  const dialog = useStepDialog({
    open,
    steps,
    handlers: formThenSms({ steps, first: 'password', form: passwordForm, smsForm, save }),
    success: `${firstTime ? '设置' : '修改'}成功`,
    onDone,
  });

  return (
    <DialogFrame
      title={firstTime ? text.first : text.again}
      testId={`${mode}-password-dialog`}
      open={open}
      onClose={onClose}
      stepTitles={steps.length > 1 ? ['设置新密码', '短信验证'] : ['设置新密码']}
      dialog={dialog}
    >
      <StepForm dialog={dialog} step="password" form={passwordForm}>
        <NewPasswordField label={text.field} />
      </StepForm>
      <CodeStep
        dialog={dialog}
        form={smsForm}
        smsTypeCode={mode === 'login' ? 'LOGIN_PASSWORD' : 'PAY_PASSWORD'}
        target={phone}
      />
      {mode === 'login' && !firstTime && dialog.step === 'sms' && (
        <Alert type="info" showIcon title="修改登录密码后，其他设备上的登录将失效" />
      )}
    </DialogFrame>
  );
}
