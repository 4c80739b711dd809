import { Alert, Form, Input } from 'antd';
import { useReducer, useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { changeLoginPassword, changePayPassword } from '../api/passwords';
import { currentStep, isLastStep, stepReducer, stepsOf } from '../steps';
import { DialogFrame, useDialogReset } from './dialog-frame';
import type { DialogProps } from './phone-dialogs';
import { newPasswordRules, validValues } from './phone-rules';
import { SmsCodeField } from './sms-code-field';

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
  const [state, dispatch] = useReducer(stepReducer, { steps, index: 0 });
  const [busy, setBusy] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  const text = titles[mode];
  useDialogReset(open, () => {
    passwordForm.resetFields();
    smsForm.resetFields();
    dispatch({ type: 'reset', steps: stepsOf({ dialog: 'password', firstTime }) });
    setResetKey((k) => k + 1);
  });
  // The plan follows the account: opened again after a first setting, the SMS step comes back.
  if (open && state.index === 0 && state.steps.length !== steps.length) dispatch({ type: 'reset', steps });
  const step = currentStep(state);

  const save = async (smsCode?: string) => {
    const password = String(passwordForm.getFieldValue('password'));
    if (mode === 'login') await changeLoginPassword(password, smsCode);
    else await changePayPassword(password, smsCode);
    notifySuccess(`${firstTime ? '设置' : '修改'}成功`);
    onDone();
  };

  const submit = async () => {
    let smsCode: string | undefined;
    if (step === 'password') {
      if (!(await validValues(passwordForm))) return;
    } else {
      const values = await validValues(smsForm);
      if (!values) return;
      smsCode = values.smsCode.trim();
    }
    if (!isLastStep(state)) {
      dispatch({ type: 'next' });
      return;
    }
    setBusy(true);
    try {
      await save(smsCode);
    } catch {
      // The api client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogFrame
      title={firstTime ? text.first : text.again}
      testId={`${mode}-password-dialog`}
      open={open}
      onClose={onClose}
      stepTitles={steps.length > 1 ? ['设置新密码', '短信验证'] : ['设置新密码']}
      index={state.index}
      busy={busy}
      onSubmit={() => void submit()}
    >
      <div hidden={step !== 'password'}>
        <Form form={passwordForm} layout="vertical" autoComplete="off">
          <Form.Item label={text.field} name="password" rules={newPasswordRules} validateFirst>
            <Input.Password
              maxLength={20}
              placeholder="6-20位数字字母组合"
              aria-label={text.field}
              autoComplete="new-password"
            />
          </Form.Item>
        </Form>
      </div>
      <div hidden={step !== 'sms'}>
        <Form form={smsForm} layout="vertical" autoComplete="off">
          <SmsCodeField
            smsTypeCode={mode === 'login' ? 'LOGIN_PASSWORD' : 'PAY_PASSWORD'}
            active={open && step === 'sms'}
            target={phone}
            resetKey={resetKey}
          />
        </Form>
      </div>
      {mode === 'login' && !firstTime && step === 'sms' && (
        <Alert type="info" showIcon title="修改登录密码后，其他设备上的登录将失效" />
      )}
    </DialogFrame>
  );
}
