import { isXuanHaoExistUser } from '@agent-console/contract';
import { call } from '../../../lib/api-client';

/** Whether the phone already belongs to a registered account (the create form checks it on blur). */
export async function isExistingUser(mobilePhone: string): Promise<boolean> {
  const { object } = await call(isXuanHaoExistUser, {}, { params: { mobilePhone }, silent: true });
  return object;
}
