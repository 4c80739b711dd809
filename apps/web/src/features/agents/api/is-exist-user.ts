import { isXuanHaoExistUser } from '@agent-console/contract/agent-mgt';
import { ApiError, call } from '../../../lib/api-client';

/**
 * Whether the phone already belongs to a registered account (the create form checks it on blur);
 * null when the silent check failed: the server checks again when the agent is created.
 */
export async function isExistingUser(mobilePhone: string): Promise<boolean | null> {
  try {
    return (await call(isXuanHaoExistUser, {}, { params: { mobilePhone }, silent: true })).object;
  } catch (error) {
    if (error instanceof ApiError) return null;
    throw error;
  }
}
