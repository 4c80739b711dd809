import type { CaptchaImage } from '@agent-console/contract/auth';
import type { SmsTypeCode } from '@agent-console/contract/security';
import { isValidPhone, Messages } from '@agent-console/contract/validators';
import { LoadingOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Space } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fetchCaptchaImage, svgDataUrl } from '../../../lib/captcha-image';
import { notifySuccess } from '../../../lib/notify';
import { agentInfoQuery } from '../../../lib/session';
import { useAction } from '../../../lib/use-action';
import { captchaChannelQuery } from '../api/captcha';
import { sendSmsCode } from '../api/send-sms-code';
import { useSmsSender } from '../use-sms-sender';
import './security-dialogs.css';

export interface SmsCodeFieldProps {
  smsTypeCode: SmsTypeCode;
  /** Shown (and thus sending allowed) only while the step is on screen. */
  active: boolean;
  /**
   * Validates the form's phone field (`mobilePhone`) and gives the number, or null when it is not
   * valid. Absent when the code goes to the caller's own bound phone.
   */
  getPhone?: () => Promise<string | null>;
  /** The masked number the code goes to, when it is known. */
  target?: string;
  /** '请输入短信验证码' (default) or '请输入验证码' (spec section 5 names both). */
  requiredMessage?: string;
  label?: string;
  /** Changing it puts the field back to its first state (the dialog reset). */
  resetKey: number;
}

/**
 * The one SMS code field of every dialog: the built-in image captcha (channel 2), the code input
 * and its send button. Sending needs a passed captcha and a valid phone field; after a send the
 * button counts down 59 s; a failed send makes a new ctoken and a fresh captcha (spec section 5).
 * The countdown is the number's: the one typed in the form's `mobilePhone`, or the caller's own
 * bound phone (from the agent info), so every field sending to a number shows its seconds.
 * The fields are `captchaCode` and `smsCode` of the surrounding form.
 */
export function SmsCodeField({
  smsTypeCode,
  active,
  getPhone,
  target,
  requiredMessage = Messages.smsCodeRequired,
  label = '短信验证码',
  resetKey,
}: SmsCodeFieldProps) {
  const form = Form.useFormInstance();
  const ownPhone = useQuery({ ...agentInfoQuery(), enabled: !getPhone }).data?.completeMobilePhone;
  const typed = String(Form.useWatch('mobilePhone', form) ?? '').trim();
  const phone = getPhone ? (isValidPhone(typed) ? typed : null) : (ownPhone ?? null);
  const sender = useSmsSender(phone);
  const channel = useQuery({ ...captchaChannelQuery(smsTypeCode), enabled: active });
  const [captcha, setCaptcha] = useState<CaptchaImage | null>(null);
  const { busy: captchaLoading, run } = useAction();
  const imageCaptcha = channel.data?.channel === 2;

  // On a failure the picture stays clickable for another try.
  const refreshCaptcha = useCallback(
    () =>
      run(async () => {
        setCaptcha(await fetchCaptchaImage());
        form.setFieldValue('captchaCode', '');
      }),
    [form, run],
  );

  // The first picture loads when the step shows; once only, so a failing load is not retried in a
  // loop: the picture button asks again.
  const loaded = useRef(false);
  useEffect(() => {
    if (!active || !imageCaptcha || loaded.current) return;
    loaded.current = true;
    void refreshCaptcha();
  }, [active, imageCaptcha, refreshCaptcha]);

  const { reset } = sender;
  useEffect(() => {
    if (resetKey === 0) return;
    reset();
    setCaptcha(null);
    loaded.current = false;
  }, [resetKey, reset]);

  const send = async () => {
    let mobilePhone: string | undefined;
    if (getPhone) {
      const valid = await getPhone();
      if (!valid) return;
      mobilePhone = valid;
    }
    // The captcha guards the send only: the dialog's own submit does not ask for it again.
    const randStr = String(form.getFieldValue('captchaCode') ?? '').trim();
    if (!randStr) {
      form.setFields([{ name: 'captchaCode', errors: [Messages.captchaRequired] }]);
      return;
    }
    if (!captcha) return;
    const outcome = await sender.send(async (ctoken) => {
      const result = await sendSmsCode({
        scenario: smsTypeCode,
        ctoken,
        randStr,
        ticket: captcha.captchaKey,
        smsTypeCode,
        ...(mobilePhone ? { mobilePhone } : {}),
      });
      notifySuccess(`验证码已发送至 ${result.mobilePhone}`);
    }, mobilePhone ?? phone);
    // A captcha passes once: the next send (or retry) needs a new one. A number still counting
    // down never reached the captcha check (the server checks its limits first): it stays.
    if (outcome !== 'waiting') await refreshCaptcha();
    if (outcome === 'sent') form.setFields([{ name: 'smsCode', errors: [] }]);
  };

  if (channel.data?.channel === 1) {
    return <Alert type="error" showIcon title="滑块验证暂不可用，请联系管理员切换为图片验证码" />;
  }

  return (
    <>
      <Form.Item label="图片验证码" required>
        <div className="sms-captcha">
          <Form.Item name="captchaCode" noStyle>
            <Input
              maxLength={8}
              placeholder={Messages.captchaRequired}
              aria-label="图片验证码"
              autoComplete="off"
            />
          </Form.Item>
          <button
            type="button"
            className="sms-captcha-image"
            onClick={() => void refreshCaptcha()}
            disabled={captchaLoading}
            title="看不清？点击刷新"
            aria-label="刷新图片验证码"
          >
            {captcha ? <img src={svgDataUrl(captcha.svg)} alt="图片验证码" /> : <LoadingOutlined />}
            <ReloadOutlined className="sms-captcha-reload" />
          </button>
        </div>
      </Form.Item>
      <Form.Item label={label} required extra={target ? `验证码将发送至 ${target}` : undefined}>
        <Space.Compact block>
          <Form.Item
            name="smsCode"
            noStyle
            rules={[
              { required: true, whitespace: true, message: requiredMessage },
              { pattern: /^\d{6}$/, message: '短信验证码为6位数字' },
            ]}
          >
            <Input
              maxLength={6}
              inputMode="numeric"
              placeholder={requiredMessage}
              aria-label={label}
              autoComplete="one-time-code"
            />
          </Form.Item>
          <Button
            className="sms-send"
            onClick={() => void send()}
            loading={sender.sending}
            disabled={sender.countdown > 0 || !captcha}
          >
            {sender.countdown > 0 ? `${sender.countdown}s后重新获取` : '获取验证码'}
          </Button>
        </Space.Compact>
      </Form.Item>
    </>
  );
}
