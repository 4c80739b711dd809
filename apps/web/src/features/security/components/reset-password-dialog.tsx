import { Form, Input } from 'antd';
import { useReducer, useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { finishPasswordReset, startPasswordReset } from '../api/passwords';
import { isRegisteredPhone } from '../api/phone';
import { currentStep, stepReducer, stepsOf } from '../steps';
import { DialogFrame, useDialogReset } from './dialog-frame';
import { newPasswordRules, phoneRules, validPhone, validValues } from './phone-rules';
import { SmsCodeField } from './sms-code-field';

export const NOT_REGISTERED_MESSAGE = '该手机号未注册';

const registeredCheck = async (phone: string): Promise<string | null> => {
  try {
    return (await isRegisteredPhone(phone)) ? null : NOT_REGISTERED_MESSAGE;
  } catch {
    return '手机号校验失败，请稍后重试';
  }
};

/**
 * The reset mode of the password dialog, from the login page (forgotten password): the registered
 * phone and its code, then the new password. Public calls; every session of the account ends.
 */
export function ResetPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [phoneForm] = Form.useForm<{ mobilePhone: string; smsCode: string }>();
  const [passwordForm] = Form.useForm<{ password: string }>();
  const steps = stepsOf({ dialog: 'resetPassword' });
  const [state, dispatch] = useReducer(stepReducer, { steps, index: 0 });
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  useDialogReset(open, () => {
    phoneForm.resetFields();
    passwordForm.resetFields();
    setToken('');
    dispatch({ type: 'reset', steps });
    setResetKey((k) => k + 1);
  });
  const step = currentStep(state);

  const submit = async () => {
    setBusy(true);
    try {
      if (step === 'resetPhone') {
        const values = await validValues(phoneForm);
        if (!values) return;
        setToken(await startPasswordReset(values.mobilePhone.trim(), values.smsCode.trim()));
        dispatch({ type: 'next' });
      } else {
        const values = await validValues(passwordForm);
        if (!values) return;
        await finishPasswordReset(token, values.password);
        notifySuccess('密码重置成功，请使用新密码登录');
        onClose();
      }
    } catch {
      // The api client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogFrame
      title="找回登录密码"
      testId="reset-password-dialog"
      open={open}
      onClose={onClose}
      stepTitles={['验证手机', '设置新密码']}
      index={state.index}
      busy={busy}
      onSubmit={() => void submit()}
    >
      <div hidden={step !== 'resetPhone'}>
        <Form form={phoneForm} layout="vertical" autoComplete="off">
          <Form.Item
            label="手机号"
            name="mobilePhone"
            rules={phoneRules(registeredCheck)}
            validateFirst
            validateTrigger="onBlur"
          >
            <Input maxLength={11} inputMode="numeric" placeholder="请输入注册的手机号" aria-label="手机号" />
          </Form.Item>
          <SmsCodeField
            smsTypeCode="RESET_PASSWORD"
            active={open && step === 'resetPhone'}
            getPhone={() => validPhone(phoneForm)}
            requiredMessage="请输入验证码"
            label="验证码"
            resetKey={resetKey}
          />
        </Form>
      </div>
      <div hidden={step !== 'password'}>
        <Form form={passwordForm} layout="vertical" autoComplete="off">
          <Form.Item label="新密码" name="password" rules={newPasswordRules} validateFirst>
            <Input.Password
              maxLength={20}
              placeholder="6-20位数字字母组合"
              aria-label="新密码"
              autoComplete="new-password"
            />
          </Form.Item>
        </Form>
      </div>
    </DialogFrame>
  );
}
