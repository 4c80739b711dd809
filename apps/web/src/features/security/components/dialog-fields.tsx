import type { SmsTypeCode } from '@agent-console/contract/security';
import { Form, type FormInstance, Input } from 'antd';
import type { ReactNode } from 'react';
import type { StepName } from '../steps';
import { newPasswordRules, phoneRules, validPhone } from './field-rules';
import { SmsCodeField } from './sms-code-field';
import type { StepDialog } from './use-step-dialog';

type Dialog = Pick<StepDialog, 'step' | 'shows' | 'resetKey'>;

/** The form of one step, on screen while the dialog stands on it (the others stay, hidden). */
export function StepForm({
  dialog,
  step,
  form,
  children,
}: {
  dialog: Dialog;
  step: StepName;
  form: FormInstance;
  children: ReactNode;
}) {
  return (
    <div hidden={dialog.step !== step}>
      <Form form={form} layout="vertical" autoComplete="off">
        {children}
      </Form>
    </div>
  );
}

/** A step that only asks for the code sent to a known phone (the caller's own, or the old one). */
export function CodeStep({
  dialog,
  step = 'sms',
  form,
  smsTypeCode,
  target,
  label,
}: {
  dialog: Dialog;
  step?: StepName;
  form: FormInstance;
  smsTypeCode: SmsTypeCode;
  /** The masked number the code goes to. */
  target: string;
  label?: string;
}) {
  return (
    <StepForm dialog={dialog} step={step} form={form}>
      <SmsCodeField
        smsTypeCode={smsTypeCode}
        active={dialog.shows(step)}
        target={target}
        resetKey={dialog.resetKey}
        {...(label ? { label } : {})}
      />
    </StepForm>
  );
}

/**
 * A step with a typed phone and the code sent to it: the `mobilePhone` field (the rules of spec
 * section 5, then the server `check` on blur), the captcha and the code. Sending needs the phone
 * to pass.
 */
export function PhoneCodeStep({
  dialog,
  step,
  form,
  label,
  placeholder,
  check,
  smsTypeCode,
  codeLabel,
  codeRequiredMessage,
  initialPhone,
}: {
  dialog: Dialog;
  step: StepName;
  form: FormInstance;
  label: string;
  placeholder: string;
  /** The number the field starts with (and goes back to on reset), e.g. the bound phone being verified. */
  initialPhone?: string;
  check: Parameters<typeof phoneRules>[0];
  smsTypeCode: SmsTypeCode;
  codeLabel?: string;
  codeRequiredMessage?: string;
}) {
  return (
    <StepForm dialog={dialog} step={step} form={form}>
      <Form.Item
        label={label}
        name="mobilePhone"
        rules={phoneRules(check)}
        validateFirst
        validateTrigger="onBlur"
        {...(initialPhone ? { initialValue: initialPhone } : {})}
      >
        <Input maxLength={11} inputMode="numeric" placeholder={placeholder} aria-label={label} />
      </Form.Item>
      <SmsCodeField
        smsTypeCode={smsTypeCode}
        active={dialog.shows(step)}
        getPhone={() => validPhone(form)}
        resetKey={dialog.resetKey}
        {...(codeLabel ? { label: codeLabel } : {})}
        {...(codeRequiredMessage ? { requiredMessage: codeRequiredMessage } : {})}
      />
    </StepForm>
  );
}

/** The `password` field of a new password: 6-20 letters and digits (spec section 5). */
export function NewPasswordField({ label }: { label: string }) {
  return (
    <Form.Item label={label} name="password" rules={newPasswordRules} validateFirst>
      <Input.Password
        maxLength={20}
        placeholder="6-20位数字字母组合"
        aria-label={label}
        autoComplete="new-password"
      />
    </Form.Item>
  );
}
