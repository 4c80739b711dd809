import { Form } from 'antd';
import { useState } from 'react';
import { finishPasswordReset, startPasswordReset } from '../api/passwords';
import { checkRegisteredPhone } from '../api/phone';
import { stepsOf } from '../steps';
import { NewPasswordField, PhoneCodeStep, StepForm } from './dialog-fields';
import { DialogFrame } from './dialog-frame';
import { formStep, useStepDialog } from './use-step-dialog';

/**
 * The reset mode of the password dialog, from the login page (forgotten password): the registered
 * phone and its code, then the new password. Public calls; every session of the account ends.
 */
export function ResetPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [phoneForm] = Form.useForm<{ mobilePhone: string; smsCode: string }>();
  const [passwordForm] = Form.useForm<{ password: string }>();
  const [token, setToken] = useState('');
  const dialog = useStepDialog({
    open,
    steps: stepsOf({ dialog: 'resetPassword' }),
    handlers: {
      resetPhone: formStep(phoneForm, async (values) =>
        setToken(await startPasswordReset(values.mobilePhone.trim(), values.smsCode.trim())),
      ),
      password: formStep(passwordForm, (values) => finishPasswordReset(token, values.password)),
    },
    success: '密码重置成功，请使用新密码登录',
    onDone: onClose,
    onReset: () => setToken(''),
  });

  return (
    <DialogFrame
      title="找回登录密码"
      testId="reset-password-dialog"
      open={open}
      onClose={onClose}
      stepTitles={['验证手机', '设置新密码']}
      dialog={dialog}
    >
      <PhoneCodeStep
        dialog={dialog}
        step="resetPhone"
        form={phoneForm}
        label="手机号"
        placeholder="请输入注册的手机号"
        check={checkRegisteredPhone}
        smsTypeCode="RESET_PASSWORD"
        codeLabel="验证码"
        codeRequiredMessage="请输入验证码"
      />
      <StepForm dialog={dialog} step="password" form={passwordForm}>
        <NewPasswordField label="新密码" />
      </StepForm>
    </DialogFrame>
  );
}
