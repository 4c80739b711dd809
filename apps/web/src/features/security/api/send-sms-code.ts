import {
  getSmsCode,
  getSmsCodeSigned,
  SMS_TYPES_TO_GIVEN_PHONE,
  type SmsSendRequest,
  type SmsTypeCode,
} from '@agent-console/contract/security';
import { call } from '../../../lib/api-client';

/** Whether a code of this type goes to a number typed in the form (else to the caller's own phone). */
export const sendsToGivenPhone = (type: SmsTypeCode): boolean =>
  (SMS_TYPES_TO_GIVEN_PHONE as readonly SmsTypeCode[]).includes(type);

/** Sends an SMS code: getSmsCode for a typed number, getSmsCodeSigned for the caller's own phone. */
export async function sendSmsCode(payload: SmsSendRequest) {
  const endpoint = sendsToGivenPhone(payload.smsTypeCode) ? getSmsCode : getSmsCodeSigned;
  return (await call(endpoint, payload)).object;
}
