import { isValidPassword, isValidPhone, Messages } from '@agent-console/contract';
import type { FormInstance } from 'antd';
import type { Rule } from 'antd/es/form';
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
  try {
    const values = (await form.validateFields(['mobilePhone'])) as { mobilePhone?: string };
    return values.mobilePhone?.trim() ?? null;
  } catch {
    return null;
  }
}

/** Validates the whole form and gives its values, or null when a field is not valid. */
export async function validValues<T>(form: FormInstance<T>): Promise<T | null> {
  try {
    return await form.validateFields();
  } catch {
    return null;
  }
}
