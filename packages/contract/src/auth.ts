import * as z from 'zod/mini';
import { PUBLIC } from './access';
import { EmptyRequest, endpoint } from './endpoint';
import { CaptchaCode, PasswordDigest, Phone } from './validators';

export const LoginRequest = z.strictObject({
  mobilePhone: Phone,
  /** Lowercase hex MD5 of the password, computed in the browser. */
  password: PasswordDigest,
  /** Required once the login has failed 3 times for this phone or address in 15 minutes. */
  captchaKey: z.optional(z.string().check(z.maxLength(64))),
  captchaCode: z.optional(CaptchaCode),
});
export type LoginRequest = z.input<typeof LoginRequest>;

export const LoginResult = z.object({ userId: z.int(), agentId: z.int() });
export type LoginResult = z.infer<typeof LoginResult>;

export const login = endpoint({
  path: '/api/user/login',
  access: PUBLIC,
  request: LoginRequest,
  object: LoginResult,
});
export const logout = endpoint({
  path: '/api/user/logout',
  access: PUBLIC,
  request: EmptyRequest,
  object: z.boolean(),
});
export const isLogin = endpoint({
  path: '/api/userBase/isLogin',
  access: PUBLIC,
  request: EmptyRequest,
  object: z.boolean(),
});

export const CaptchaConfig = z.object({
  /** 1: third-party slider captcha verified server-side; 2: the built-in image captcha. */
  channel: z.union([z.literal(1), z.literal(2)]),
  /** Channel 1: the provider's app id; channel 2: the path of the image captcha call. */
  captchaId: z.string(),
});
export type CaptchaConfig = z.infer<typeof CaptchaConfig>;
export const captchaChannel = endpoint({
  path: '/api/captcha/channel',
  access: PUBLIC,
  request: z.strictObject({ scenario: z.optional(z.string().check(z.maxLength(32))) }),
  object: CaptchaConfig,
});

export const CaptchaImage = z.object({
  /** Opaque key that goes back with the typed code. */
  captchaKey: z.string(),
  /** The image as an SVG document. */
  svg: z.string(),
});
export type CaptchaImage = z.infer<typeof CaptchaImage>;
export const captchaImage = endpoint({
  path: '/api/captcha/image',
  access: PUBLIC,
  request: EmptyRequest,
  object: CaptchaImage,
});
