import { Form, Input } from 'antd';
import { useReducer, useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { changePhoneOne, changePhoneTwo, verifyPhone } from '../api/phone';
import { currentStep, stepReducer, stepsOf } from '../steps';
import { DialogFrame, useDialogReset } from './dialog-frame';
import { phoneRules, validPhone, validValues } from './phone-rules';
import { SmsCodeField } from './sms-code-field';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** After a success: the caller reloads tasks, agent info and user info. */
  onDone: () => void;
}

interface CodeValues {
  mobilePhone?: string;
  captchaCode?: string;
  smsCode: string;
}

/** Verify the bound phone: one step with the phone (server check type 1), captcha and code. */
export function VerifyPhoneDialog({ open, onClose, onDone }: DialogProps) {
  const [form] = Form.useForm<CodeValues>();
  const [busy, setBusy] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  useDialogReset(open, () => {
    form.resetFields();
    setResetKey((k) => k + 1);
  });

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    setBusy(true);
    try {
      await verifyPhone(values.smsCode.trim());
      notifySuccess('手机验证成功');
      onDone();
    } catch {
      // The api client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogFrame
      title="验证绑定手机"
      testId="verify-phone-dialog"
      open={open}
      onClose={onClose}
      stepTitles={stepsOf({ dialog: 'verifyPhone' })}
      index={0}
      busy={busy}
      onSubmit={() => void submit()}
    >
      <Form form={form} layout="vertical" requiredMark autoComplete="off">
        <Form.Item
          label="手机号"
          name="mobilePhone"
          rules={phoneRules(1)}
          validateFirst
          validateTrigger="onBlur"
        >
          <Input maxLength={11} inputMode="numeric" placeholder="请输入绑定的手机号" aria-label="手机号" />
        </Form.Item>
        <SmsCodeField
          smsTypeCode="VERIFY_PHONE"
          active={open}
          getPhone={() => validPhone(form)}
          resetKey={resetKey}
        />
      </Form>
    </DialogFrame>
  );
}

/**
 * Change phone (spec section 4): step one, the new number (server check type 2: not registered)
 * and the code sent to it; step two, the code sent to the old number.
 */
export function ChangePhoneDialog({ open, onClose, onDone }: DialogProps) {
  const [newForm] = Form.useForm<CodeValues>();
  const [oldForm] = Form.useForm<CodeValues>();
  const steps = stepsOf({ dialog: 'changePhone' });
  const [state, dispatch] = useReducer(stepReducer, { steps, index: 0 });
  const [oldPhone, setOldPhone] = useState('');
  const [busy, setBusy] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  useDialogReset(open, () => {
    newForm.resetFields();
    oldForm.resetFields();
    setOldPhone('');
    dispatch({ type: 'reset', steps });
    setResetKey((k) => k + 1);
  });
  const step = currentStep(state);

  const submit = async () => {
    const form = step === 'newPhone' ? newForm : oldForm;
    const values = await validValues(form);
    if (!values) return;
    setBusy(true);
    try {
      if (step === 'newPhone') {
        const { oldMobilePhone } = await changePhoneOne(
          values.mobilePhone?.trim() ?? '',
          values.smsCode.trim(),
        );
        setOldPhone(oldMobilePhone);
        dispatch({ type: 'next' });
      } else {
        await changePhoneTwo(values.smsCode.trim());
        notifySuccess('手机号修改成功');
        onDone();
      }
    } catch {
      // The api client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogFrame
      title="修改绑定手机"
      testId="change-phone-dialog"
      open={open}
      onClose={onClose}
      stepTitles={['验证新手机', '验证原手机']}
      index={state.index}
      busy={busy}
      onSubmit={() => void submit()}
    >
      <div hidden={step !== 'newPhone'}>
        <Form form={newForm} layout="vertical" autoComplete="off">
          <Form.Item
            label="新手机号"
            name="mobilePhone"
            rules={phoneRules(2)}
            validateFirst
            validateTrigger="onBlur"
          >
            <Input maxLength={11} inputMode="numeric" placeholder="请输入新手机号" aria-label="新手机号" />
          </Form.Item>
          <SmsCodeField
            smsTypeCode="CHANGE_PHONE_NEW"
            active={open && step === 'newPhone'}
            getPhone={() => validPhone(newForm)}
            resetKey={resetKey}
          />
        </Form>
      </div>
      <div hidden={step !== 'oldPhone'}>
        <Form form={oldForm} layout="vertical" autoComplete="off">
          <SmsCodeField
            smsTypeCode="CHANGE_PHONE_OLD"
            active={open && step === 'oldPhone'}
            target={oldPhone}
            label="原手机验证码"
            resetKey={resetKey}
          />
        </Form>
      </div>
    </DialogFrame>
  );
}
