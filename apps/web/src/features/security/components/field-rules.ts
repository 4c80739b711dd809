import { REAL_NAME_MAX } from '@agent-console/contract/constants';
import { isValidPassword, isValidPhone, Messages } from '@agent-console/contract/validators';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
import { validated } from '../../../lib/valid-form';
import { checkPhone } from '../api/phone';

/**
 * Spec section 5: required, 11 digits starting 1 then 3-9, then the server check (type 1 the bound
 * phone being verified, type 2 a new number that must not be registered) whose message is shown.
 */
export const phoneRules = (serverCheck: ((phone: string) => Promise<string | null>) | 1 | 2): Rule[] => [
  { required: true, whitespace: true, message: Messages.phoneRequired },
  {
    validator: async (_, value: unknown) => {
      if (typeof value === 'string' && value.trim() && !isValidPhone(value.trim())) {
        throw new Error(Messages.phoneInvalid);
      }
    },
  },
  {
    validator: async (_, value: unknown) => {
      if (typeof value !== 'string' || !isValidPhone(value.trim())) return;
      const phone = value.trim();
      const message =
        typeof serverCheck === 'function' ? await serverCheck(phone) : await checkPhone(phone, serverCheck);
      if (message) throw new Error(message);
    },
  },
];

/** Spec section 5: the real name is required, at most 10 characters. */
export const realNameRules: Rule[] = [
  { required: true, whitespace: true, message: Messages.realNameRequired },
  { max: REAL_NAME_MAX, message: `姓名最多${REAL_NAME_MAX}个字` },
];

export const newPasswordRules: Rule[] = [
  { required: true, message: Messages.newPasswordRequired },
  {
    validator: async (_, value: unknown) => {
      if (typeof value === 'string' && value !== '' && !isValidPassword(value)) {
        throw new Error(Messages.passwordInvalid);
      }
    },
  },
];

/** Validates the form's `mobilePhone` (with its server check) and gives it, or null. */
export async function validPhone(form: FormInstance): Promise<string | null> {
  const values = await validated(
    () => form.validateFields(['mobilePhone']) as Promise<{ mobilePhone?: string }>,
  );
  return values?.mobilePhone?.trim() ?? null;
}
