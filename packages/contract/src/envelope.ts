import * as z from 'zod/mini';

/**
 * Response codes. The first four are fixed by spec section 8; the others are this product's own
 * catalogue (docs/contract.md), each with the Chinese message the console shows.
 */
export const Codes = {
  SUCCESS: '0000',
  NOT_LOGGED_IN: '9996',
  REDIRECT: '3001',
  SILENT_REJECT: 'R9998',
  INVALID_PARAMS: '1000',
  UNSUPPORTED_MEDIA_TYPE: '1001',
  NOT_FOUND: '1004',
  FORBIDDEN: '1003',
  LOGIN_FAILED: '2001',
  CAPTCHA_REQUIRED: '2002',
  CAPTCHA_INVALID: '2003',
  LOGIN_LOCKED: '2004',
  ACCOUNT_DISABLED: '2005',
  TOO_MANY_REQUESTS: '1029',
  /** A record that must be unique exists already (a registered phone, an ID number taken). */
  DUPLICATE: '4001',
  /** The record is not in a state that allows this (under review, has sub-agents, already settled…). */
  INVALID_STATE: '4002',
  /** A step that must come first is not done (verify the phone, pass the identity review). */
  PRECONDITION_REQUIRED: '4003',
  /** The SMS code is wrong, expired or used up. */
  SMS_CODE_INVALID: '4004',
  /** An amount above the available balance. */
  INSUFFICIENT_BALANCE: '4005',
  /** The time allowed for a step has passed (a phone change, a password reset): start again. */
  EXPIRED: '4006',
  INTERNAL_ERROR: '9999',
} as const;

export type Code = (typeof Codes)[keyof typeof Codes];

export const ResponseCode = z.string().check(z.minLength(1), z.maxLength(16));

/** Default Chinese messages for the product's own codes. */
export const CodeMessages: Record<Code, string> = {
  '0000': '成功',
  '9996': '登录已失效，请重新登录',
  '3001': '请前往指定页面',
  R9998: '请求已拒绝',
  '1000': '请求参数错误',
  '1001': '仅支持 application/json 请求',
  '1004': '请求的资源不存在',
  '1003': '无权访问',
  '2001': '手机号或密码错误',
  '2002': '请输入图片验证码',
  '2003': '图片验证码错误',
  '2004': '登录失败次数过多，请稍后再试',
  '2005': '账号已停用',
  '1029': '操作过于频繁，请稍后再试',
  '4001': '数据已存在',
  '4002': '当前状态不允许此操作',
  '4003': '请先完成前置步骤',
  '4004': '验证码错误或已失效',
  '4005': '可用余额不足',
  '4006': '操作已超时，请重新开始',
  '9999': '系统繁忙，请稍后再试',
};

export const envelope = <T extends z.ZodMiniType>(object: T) =>
  z.object({
    responseCode: ResponseCode,
    responseMsg: z.string(),
    object: z.nullable(object),
    totalCount: z.optional(z.int().check(z.nonnegative())),
    /** Present with code 3001: where the browser goes. */
    codeUrl: z.optional(z.string()),
  });

/** The failure shape: any code but success, no object. */
export const FailureEnvelope = z.object({
  responseCode: ResponseCode,
  responseMsg: z.string(),
  object: z.null(),
  codeUrl: z.optional(z.string()),
});
export type FailureEnvelope = z.infer<typeof FailureEnvelope>;

export interface Envelope<T> {
  responseCode: string;
  responseMsg: string;
  object: T | null;
  totalCount?: number;
  codeUrl?: string;
}
