import * as z from 'zod/mini';
import { PUBLIC, SIGNED_IN } from './access';
import { EmptyRequest, endpoint } from './endpoint';
import { AlipayAccount, CaptchaCode, Messages, PasswordDigest, Phone, RealName, SmsCode } from './validators';

/**
 * What an SMS code is for. A code is bound to the phone it was sent to and to its type, and only
 * the call of that type accepts it.
 */
export const SmsTypeCode = z.enum([
  /** Verify the bound phone (task 1). Sent to the caller's own phone. */
  'VERIFY_PHONE',
  /** Change phone, step one: the new number. Sent to the new phone. */
  'CHANGE_PHONE_NEW',
  /** Change phone, step two: confirm from the old number. Sent to the caller's own phone. */
  'CHANGE_PHONE_OLD',
  /** Change the login password. Sent to the caller's own phone. */
  'LOGIN_PASSWORD',
  /** Set or change the withdraw password. Sent to the caller's own phone. */
  'PAY_PASSWORD',
  /** Submit real-name identity. Sent to the caller's own phone. */
  'REAL_NAME',
  /** Change the withdraw (Alipay) account. Sent to the caller's own phone. */
  'WITHDRAW_ACCOUNT',
  /** Forgotten login password, from the login page. Sent to the given registered phone. */
  'RESET_PASSWORD',
  /** Apply for a withdrawal (issue 10). Sent to the caller's own phone. */
  'WITHDRAW',
]);
export type SmsTypeCode = z.infer<typeof SmsTypeCode>;

/** Types sent to a number given in the request (getSmsCode); every other type goes to the caller's own phone. */
export const SMS_TYPES_TO_GIVEN_PHONE = [
  'CHANGE_PHONE_NEW',
  'RESET_PASSWORD',
] as const satisfies readonly SmsTypeCode[];

export const SMS_CODE_TTL_SECONDS = 300;
export const SMS_CODE_MAX_WRONG_TRIES = 5;
export const SMS_SENDS_PER_PHONE_PER_MINUTE = 1;
export const SMS_SENDS_PER_PHONE_PER_DAY = 10;
export const SMS_SENDS_PER_IP_PER_HOUR = 30;
/**
 * The refusal (code 1029) of a second code to a number within the countdown. 1029 also refuses the
 * daily and per-address limits; this message tells the console that the number is counting down.
 */
export const SMS_TOO_FREQUENT_MESSAGE = '短信发送过于频繁，请1分钟后再试';

/**
 * The public calls that tell whether a phone is registered (isExistMobilePhone, resetPasswordOne)
 * share one budget per address, so the registered numbers cannot be enumerated; past it, 1029.
 */
export const PHONE_LOOKUPS_PER_IP_PER_MINUTE = 10;
export const PHONE_LOOKUPS_PER_IP_PER_DAY = 100;

/**
 * The payload of spec section 3. `ctoken` is a random UUID the browser makes, new after a failed
 * send. For captcha channel 2 (the built-in image captcha) `ticket` is the captcha key and
 * `randStr` the characters typed; for channel 1 (a third-party slider) both come from the provider.
 */
export const SmsSendRequest = z.strictObject({
  scenario: z.string().check(z.trim(), z.minLength(1), z.maxLength(32)),
  ctoken: z.uuid('ctoken 格式不正确'),
  randStr: CaptchaCode,
  ticket: z.string().check(z.trim(), z.minLength(1, Messages.captchaRequired), z.maxLength(512)),
  smsTypeCode: SmsTypeCode,
  /** Required by getSmsCode; ignored by getSmsCodeSigned, which sends to the caller's own phone. */
  mobilePhone: z.optional(z.string().check(z.maxLength(20))),
});
export type SmsSendRequest = z.input<typeof SmsSendRequest>;

export const SmsSendResult = z.object({
  /** Masked number the code went to. */
  mobilePhone: z.string(),
  /** Seconds until the code expires. */
  expireSeconds: z.int(),
  /** Seconds before another code may be requested (the 59 s countdown). */
  resendSeconds: z.int(),
});
export type SmsSendResult = z.infer<typeof SmsSendResult>;

/** Sends a code to the phone in the request (new phone when changing it; forgotten password). */
export const getSmsCode = endpoint({
  path: '/api/captcha/getSmsCode',
  access: PUBLIC,
  request: SmsSendRequest,
  object: SmsSendResult,
});
/** Sends a code to the signed-in caller's own bound phone. */
export const getSmsCodeSigned = endpoint({
  path: '/api/captcha/getSmsCodeSigned',
  access: SIGNED_IN,
  request: SmsSendRequest,
  object: SmsSendResult,
});

// ---- phone ----

export const verifyMobilePhone = endpoint({
  path: '/api/userBase/verifyMobilePhone',
  access: SIGNED_IN,
  request: z.strictObject({ smsCode: SmsCode }),
  object: z.boolean(),
});

/**
 * Server check of a phone field (spec section 5): type 1, verifying: it must be the caller's bound
 * phone; type 2, a new number: it must not be registered. A failed check answers an error whose
 * message the dialog shows under the field.
 */
export const notExistMobilePhone = endpoint({
  path: '/api/userBase/notExistMobilePhone',
  access: SIGNED_IN,
  request: z.strictObject({ mobilePhone: Phone, type: z.union([z.literal(1), z.literal(2)]) }),
  object: z.boolean(),
});

/** Whether a number is registered (public: the forgotten-password form uses it). */
export const isExistMobilePhone = endpoint({
  path: '/api/userBase/isExistMobilePhone/:mobilePhone',
  access: PUBLIC,
  params: z.object({ mobilePhone: Phone }),
  request: EmptyRequest,
  object: z.boolean(),
});

/** Change phone, step one: the new number and the code sent to it. */
export const changeMobilePhoneOne = endpoint({
  path: '/api/userBase/changeMobilePhoneOne',
  access: SIGNED_IN,
  request: z.strictObject({ mobilePhone: Phone, smsCode: SmsCode }),
  /** The masked old phone, where step two's code goes. */
  object: z.object({ oldMobilePhone: z.string() }),
});

/** Change phone, step two: the code sent to the old phone. Must follow step one within 10 minutes. */
export const changeMobilePhoneTwo = endpoint({
  path: '/api/userBase/changeMobilePhoneTwo/:smsCode',
  access: SIGNED_IN,
  params: z.object({ smsCode: SmsCode }),
  request: EmptyRequest,
  object: z.object({ mobilePhone: z.string() }),
});

// ---- passwords ----

/** The SMS code is required unless the account still has its initial password (first setting). */
export const modifyPassword = endpoint({
  path: '/api/userPassword/modifyPassword',
  access: SIGNED_IN,
  request: z.strictObject({ newLoginPassword: PasswordDigest, smsCode: z.optional(SmsCode) }),
  object: z.boolean(),
});

/** The SMS code is required unless no withdraw password is set yet (first setting). */
export const setPayPassword = endpoint({
  path: '/api/userPassword/setPayPassword',
  access: SIGNED_IN,
  request: z.strictObject({ payPassword: PasswordDigest, smsCode: z.optional(SmsCode) }),
  object: z.boolean(),
});

/** Forgotten login password, step one (public): the registered phone and its RESET_PASSWORD code. */
export const resetPasswordOne = endpoint({
  path: '/api/userPassword/resetPasswordOne',
  access: PUBLIC,
  request: z.strictObject({ mobilePhone: Phone, smsCode: SmsCode }),
  /** A single-use token for step two, valid 10 minutes. */
  object: z.object({ resetToken: z.string() }),
});

/** Forgotten login password, step two (public): the new password. Ends every session of the account. */
export const resetPasswordTwo = endpoint({
  path: '/api/userPassword/resetPasswordTwo',
  access: PUBLIC,
  request: z.strictObject({
    resetToken: z.string().check(z.minLength(1), z.maxLength(128)),
    newLoginPassword: PasswordDigest,
  }),
  object: z.boolean(),
});

// ---- withdraw account ----

export const WithdrawAccount = z.object({
  /** Masked Alipay account: 138****0000 or ab***@example.com. */
  accountNo: z.string(),
  /** Masked: '*' + last character. */
  realName: z.string(),
  updateTime: z.string(),
});
export type WithdrawAccount = z.infer<typeof WithdrawAccount>;

export const queryWithdrawAccount = endpoint({
  path: '/api/userBindAccount/query',
  access: SIGNED_IN,
  request: EmptyRequest,
  object: z.nullable(WithdrawAccount),
});

/** The SMS code is required unless no withdraw account is set yet (first setup). */
export const addUserBindAccount = endpoint({
  path: '/api/userBindAccount/addUserBindAccount',
  access: SIGNED_IN,
  request: z.strictObject({ accountNo: AlipayAccount, realName: RealName, smsCode: z.optional(SmsCode) }),
  object: WithdrawAccount,
});
