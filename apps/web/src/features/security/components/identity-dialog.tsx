import { ID_NUMBER_MAX, REAL_NAME_MAX } from '@agent-console/contract/constants';
import { isValidIdNumber, Messages } from '@agent-console/contract/validators';
import { Alert, Form, Input } from 'antd';
import { submitRealName } from '../api/real-name';
import { stepsOf } from '../steps';
import { CodeStep, StepForm } from './dialog-fields';
import { DialogFrame } from './dialog-frame';
import { realNameRules } from './field-rules';
import { IdPhotoUpload } from './id-photo-upload';
import type { DialogProps } from './phone-dialogs';
import { formThenSms, useStepDialog } from './use-step-dialog';

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
  const dialog = useStepDialog({
    open,
    steps,
    handlers: formThenSms({
      steps,
      first: 'identity',
      form,
      smsForm,
      save: (smsCode = '') => {
        const values = form.getFieldsValue();
        return submitRealName(
          {
            realName: values.realName.trim(),
            idNo: values.idNo.trim().toUpperCase(),
            idFaceFront: values.idFaceFront,
            idFaceBack: values.idFaceBack,
            idFaceHold: values.idFaceHold,
            smsCode,
          },
          firstSubmission,
        );
      },
    }),
    success: '实名认证已提交，请等待审核',
    onDone,
  });

  return (
    <DialogFrame
      title="身份认证"
      testId="identity-dialog"
      open={open}
      onClose={onClose}
      stepTitles={['填写身份信息', '短信验证']}
      dialog={dialog}
    >
      <StepForm dialog={dialog} step="identity" form={form}>
        <Form.Item label="姓名" name="realName" validateFirst rules={realNameRules}>
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
      </StepForm>
      <CodeStep dialog={dialog} form={smsForm} smsTypeCode="REAL_NAME" target={phone} />
    </DialogFrame>
  );
}
