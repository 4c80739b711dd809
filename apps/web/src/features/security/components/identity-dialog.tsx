import { ID_NUMBER_MAX, isValidIdNumber, Messages, REAL_NAME_MAX } from '@agent-console/contract';
import { Alert, Form, Input } from 'antd';
import { useReducer, useState } from 'react';
import { notifySuccess } from '../../../lib/notify';
import { submitRealName } from '../api/real-name';
import { currentStep, stepReducer, stepsOf } from '../steps';
import { DialogFrame, useDialogReset } from './dialog-frame';
import { IdPhotoUpload } from './id-photo-upload';
import type { DialogProps } from './phone-dialogs';
import { validValues } from './phone-rules';
import { SmsCodeField } from './sms-code-field';

interface IdentityValues {
  realName: string;
  idNo: string;
  idFaceFront: string;
  idFaceBack: string;
  idFaceHold: string;
}

interface IdentityDialogProps extends DialogProps {
  /** No real-name status yet: the submission is an add, otherwise a modify (spec section 4). */
  firstSubmission: boolean;
  phone: string;
}

/** Real-name identity: the form with its three photos, then the SMS code. */
export function IdentityDialog({ open, onClose, onDone, firstSubmission, phone }: IdentityDialogProps) {
  const [form] = Form.useForm<IdentityValues>();
  const [smsForm] = Form.useForm<{ smsCode: string }>();
  const steps = stepsOf({ dialog: 'identity' });
  const [state, dispatch] = useReducer(stepReducer, { steps, index: 0 });
  const [busy, setBusy] = useState(false);
  const [resetKey, setResetKey] = useState(0);
  useDialogReset(open, () => {
    form.resetFields();
    smsForm.resetFields();
    dispatch({ type: 'reset', steps });
    setResetKey((k) => k + 1);
  });
  const step = currentStep(state);

  const submit = async () => {
    if (step === 'identity') {
      if (await validValues(form)) dispatch({ type: 'next' });
      return;
    }
    const sms = await validValues(smsForm);
    if (!sms) return;
    const values = form.getFieldsValue();
    setBusy(true);
    try {
      await submitRealName(
        {
          realName: values.realName.trim(),
          idNo: values.idNo.trim().toUpperCase(),
          idFaceFront: values.idFaceFront,
          idFaceBack: values.idFaceBack,
          idFaceHold: values.idFaceHold,
          smsCode: sms.smsCode.trim(),
        },
        firstSubmission,
      );
      notifySuccess('实名认证已提交，请等待审核');
      onDone();
    } catch {
      // The api client has shown the server's message.
    } finally {
      setBusy(false);
    }
  };

  return (
    <DialogFrame
      title="身份认证"
      testId="identity-dialog"
      open={open}
      onClose={onClose}
      stepTitles={['填写身份信息', '短信验证']}
      index={state.index}
      busy={busy}
      onSubmit={() => void submit()}
    >
      <div hidden={step !== 'identity'}>
        <Form form={form} layout="vertical" autoComplete="off">
          <Form.Item
            label="姓名"
            name="realName"
            validateFirst
            rules={[
              { required: true, whitespace: true, message: Messages.realNameRequired },
              { max: REAL_NAME_MAX, message: `姓名最多${REAL_NAME_MAX}个字` },
            ]}
          >
            <Input maxLength={REAL_NAME_MAX} placeholder={Messages.realNameRequired} aria-label="姓名" />
          </Form.Item>
          <Form.Item
            label="身份证号"
            name="idNo"
            validateFirst
            validateTrigger="onBlur"
            rules={[
              { required: true, whitespace: true, message: Messages.idNumberRequired },
              {
                validator: async (_, value: unknown) => {
                  if (typeof value === 'string' && !isValidIdNumber(value.trim())) {
                    throw new Error(Messages.idNumberInvalid);
                  }
                },
              },
            ]}
          >
            <Input maxLength={ID_NUMBER_MAX} placeholder={Messages.idNumberRequired} aria-label="身份证号" />
          </Form.Item>
          <Alert className="security-notice" type="warning" showIcon title={Messages.idNumberNotice} />
          <div className="id-photos">
            <Form.Item name="idFaceFront" rules={[{ required: true, message: Messages.idFrontRequired }]}>
              <IdPhotoUpload kind="front" label="身份证正面" />
            </Form.Item>
            <Form.Item name="idFaceBack" rules={[{ required: true, message: Messages.idBackRequired }]}>
              <IdPhotoUpload kind="back" label="身份证反面" />
            </Form.Item>
            <Form.Item name="idFaceHold" rules={[{ required: true, message: Messages.idHoldRequired }]}>
              <IdPhotoUpload kind="hold" label="手持身份证" />
            </Form.Item>
          </div>
        </Form>
      </div>
      <div hidden={step !== 'sms'}>
        <Form form={smsForm} layout="vertical" autoComplete="off">
          <SmsCodeField
            smsTypeCode="REAL_NAME"
            active={open && step === 'sms'}
            target={phone}
            resetKey={resetKey}
          />
        </Form>
      </div>
    </DialogFrame>
  );
}
