import type { CaptchaImage } from '@agent-console/contract/auth';
import { LOGIN_CAPTCHA_AFTER_FAILURES, PHONE_LENGTH } from '@agent-console/contract/constants';
import { Codes } from '@agent-console/contract/envelope';
import { isValidPhone, Messages } from '@agent-console/contract/validators';
import {
  EyeInvisibleOutlined,
  EyeOutlined,
  LoadingOutlined,
  LockOutlined,
  MobileOutlined,
  SafetyOutlined,
} from '@ant-design/icons';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { fetchCaptchaImage, svgDataUrl } from '../../../lib/captcha-image';
import { cx } from '../../../lib/cx';
import { runAction, useAction } from '../../../lib/use-action';
import { useLogin } from '../api/login';
import './login-form.css';

type Field = 'mobilePhone' | 'password' | 'captchaCode';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const CAPTCHA_CODES: readonly string[] = [Codes.CAPTCHA_REQUIRED, Codes.CAPTCHA_INVALID];

/** The rules of spec section 5 for the login fields, with their messages to the letter. */
export function validateLogin(values: Values, captchaShown: boolean): Errors {
  const errors: Errors = {};
  const phone = values.mobilePhone.trim();
  if (!phone) errors.mobilePhone = Messages.phoneRequired;
  else if (!isValidPhone(phone)) errors.mobilePhone = Messages.phoneInvalid;
  if (!values.password) errors.password = Messages.passwordRequired;
  if (captchaShown && !values.captchaCode.trim()) errors.captchaCode = Messages.captchaRequired;
  return errors;
}

interface FieldProps {
  id: string;
  icon: ReactNode;
  error: string | undefined;
  children: ReactNode;
  suffix?: ReactNode;
}

/** One input with its icon and its error line, drawn like antd's large input. */
function LoginField({ id, icon, error, children, suffix }: FieldProps) {
  return (
    <div className="login-field">
      <div className={cx('login-input', error && 'is-error')}>
        <span className="login-input-icon">{icon}</span>
        {children}
        {suffix}
      </div>
      {error && (
        <div id={`${id}-error`} className="login-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/**
 * Phone and password; after repeated failures (or when the server asks with 2002/2003) an image
 * captcha too. The password travels as its MD5 digest. Plain inputs rather than antd's: the login
 * page loads no antd at all, which keeps its script under the 200 KB budget.
 */
export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const id = useId();
  const login = useLogin();
  const [values, setValues] = useState<Values>({ mobilePhone: '', password: '', captchaCode: '' });
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captcha, setCaptcha] = useState<CaptchaImage | null>(null);
  const { busy: captchaLoading, run } = useAction();
  const [passwordVisible, setPasswordVisible] = useState(false);
  const failures = useRef(0);

  const allErrors = validateLogin(values, captchaShown);
  const errors: Errors = Object.fromEntries(
    Object.entries(allErrors).filter(([field]) => touched[field as Field]),
  );

  // On a failure the picture stays clickable for another try.
  const refreshCaptcha = () =>
    run(async () => {
      setCaptcha(await fetchCaptchaImage());
      setValues((v) => ({ ...v, captchaCode: '' }));
    });

  /** A refused login counts; from the third (or when the server asks) the captcha shows, a new one each time. */
  const onRefused = async (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    failures.current += 1;
    if (
      CAPTCHA_CODES.includes(error.code) ||
      failures.current >= LOGIN_CAPTCHA_AFTER_FAILURES ||
      captchaShown
    ) {
      setCaptchaShown(true);
      setTouched((t) => ({ ...t, captchaCode: false }));
      await refreshCaptcha();
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched({ mobilePhone: true, password: true, captchaCode: true });
    if (Object.keys(allErrors).length > 0 || login.isPending) return;
    await runAction(
      async () => {
        await login.mutateAsync({
          mobilePhone: values.mobilePhone,
          password: values.password,
          ...(captchaShown && captcha
            ? { captchaKey: captcha.captchaKey, captchaCode: values.captchaCode }
            : {}),
        });
        onLoggedIn();
      },
      { onFailure: onRefused },
    );
  };

  const inputProps = (field: Field) => ({
    id: `${id}-${field}`,
    name: field,
    value: values[field],
    className: 'login-input-control',
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `${id}-${field}-error` : undefined,
    onChange: (event: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [field]: event.target.value })),
    onBlur: () => setTouched((t) => ({ ...t, [field]: true })),
  });

  return (
    <form className="login-form" onSubmit={(event) => void submit(event)} noValidate autoComplete="off">
      <LoginField id={`${id}-mobilePhone`} icon={<MobileOutlined />} error={errors.mobilePhone}>
        <input
          {...inputProps('mobilePhone')}
          type="tel"
          inputMode="numeric"
          autoComplete="username"
          maxLength={PHONE_LENGTH}
          placeholder={Messages.phoneRequired}
          aria-label="手机号"
        />
      </LoginField>
      <LoginField
        id={`${id}-password`}
        icon={<LockOutlined />}
        error={errors.password}
        suffix={
          <button
            type="button"
            className="login-input-suffix"
            onClick={() => setPasswordVisible((v) => !v)}
            aria-label={passwordVisible ? '隐藏密码' : '显示密码'}
          >
            {passwordVisible ? <EyeOutlined /> : <EyeInvisibleOutlined />}
          </button>
        }
      >
        <input
          {...inputProps('password')}
          type={passwordVisible ? 'text' : 'password'}
          autoComplete="current-password"
          placeholder={Messages.passwordRequired}
          aria-label="密码"
        />
      </LoginField>
      {captchaShown && (
        <div className="login-captcha">
          <LoginField id={`${id}-captchaCode`} icon={<SafetyOutlined />} error={errors.captchaCode}>
            <input
              {...inputProps('captchaCode')}
              maxLength={8}
              placeholder={Messages.captchaRequired}
              aria-label="图片验证码"
            />
          </LoginField>
          <button
            type="button"
            className="login-captcha-image"
            onClick={() => void refreshCaptcha()}
            disabled={captchaLoading}
            title="看不清？点击刷新"
            aria-label="图片验证码，点击刷新"
          >
            {captcha ? <img src={svgDataUrl(captcha.svg)} alt="图片验证码" /> : <LoadingOutlined />}
          </button>
        </div>
      )}
      <button type="submit" className="login-submit" disabled={login.isPending}>
        {login.isPending && <LoadingOutlined />}
        <span>{login.isPending ? '登录中' : '登录'}</span>
      </button>
    </form>
  );
}
