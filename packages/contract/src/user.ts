import * as z from 'zod/mini';
import { SIGNED_IN } from './access';
import { EmptyRequest, endpoint } from './endpoint';

export const UserInfo = z.object({
  userId: z.int(),
  /** Masked: 138****0000. */
  mobilePhone: z.string(),
  isSetPayPassword: z.boolean(),
  /** False until the account replaces the initial password it was given. */
  isSetLoginPassword: z.boolean(),
  phoneVerified: z.boolean(),
  /** Spec section 4: 0 under review, 1 verified, any other value (or null) not done. */
  realNameStatus: z.nullable(z.int()),
  createTime: z.string(),
  lastLoginTime: z.nullable(z.string()),
});
export type UserInfo = z.infer<typeof UserInfo>;

export const queryUserInfo = endpoint({
  path: '/api/userBase/queryInfo',
  access: SIGNED_IN,
  request: EmptyRequest,
  object: UserInfo,
});
