import { Form } from 'antd';
import { useState } from 'react';
import { changePhoneOne, changePhoneTwo, verifyPhone } from '../api/phone';
import { stepsOf } from '../steps';
import { CodeStep, PhoneCodeStep } from './dialog-fields';
import { DialogFrame } from './dialog-frame';
import { formStep, useStepDialog } from './use-step-dialog';

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

/**
 * Verify the bound phone: one step with the phone (server check type 1), captcha and code. The
 * phone field starts with the bound number (the agent info's whole number): the agent does not
 * have to type its own number.
 */
export function VerifyPhoneDialog({
  open,
  onClose,
  onDone,
  boundPhone,
}: DialogProps & { boundPhone: string }) {
  const [form] = Form.useForm<CodeValues>();
  const dialog = useStepDialog({
    open,
    steps: stepsOf({ dialog: 'verifyPhone' }),
    handlers: { phone: formStep(form, (values) => verifyPhone(values.smsCode.trim())) },
    success: '手机验证成功',
    onDone,
  });

  return (
    <DialogFrame
      title="验证绑定手机"
      testId="verify-phone-dialog"
      open={open}
      onClose={onClose}
      stepTitles={['验证手机']}
      dialog={dialog}
    >
      <PhoneCodeStep
        dialog={dialog}
        step="phone"
        form={form}
        label="手机号"
        placeholder="请输入绑定的手机号"
        check={1}
        smsTypeCode="VERIFY_PHONE"
        initialPhone={boundPhone}
      />
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
  const [oldPhone, setOldPhone] = useState('');
  const dialog = useStepDialog({
    open,
    steps: stepsOf({ dialog: 'changePhone' }),
    handlers: {
      newPhone: formStep(newForm, async (values) => {
        const phone = values.mobilePhone?.trim() ?? '';
        setOldPhone((await changePhoneOne(phone, values.smsCode.trim())).oldMobilePhone);
      }),
      oldPhone: formStep(oldForm, (values) => changePhoneTwo(values.smsCode.trim())),
    },
    success: '手机号修改成功',
    onDone,
    onReset: () => setOldPhone(''),
  });

  return (
    <DialogFrame
      title="修改绑定手机"
      testId="change-phone-dialog"
      open={open}
      onClose={onClose}
      stepTitles={['验证新手机', '验证原手机']}
      dialog={dialog}
    >
      <PhoneCodeStep
        dialog={dialog}
        step="newPhone"
        form={newForm}
        label="新手机号"
        placeholder="请输入新手机号"
        check={2}
        smsTypeCode="CHANGE_PHONE_NEW"
      />
      <CodeStep
        dialog={dialog}
        step="oldPhone"
        form={oldForm}
        smsTypeCode="CHANGE_PHONE_OLD"
        target={oldPhone}
        label="原手机验证码"
      />
    </DialogFrame>
  );
}
