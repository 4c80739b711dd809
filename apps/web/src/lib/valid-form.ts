import type { FormInstance } from 'antd';

/**
 * antd's validateFields rejects with the fields that are not valid (they show their messages):
 * that is an answer, given as null. Anything else it rejects with is thrown again.
 */
export async function validated<T>(validate: () => Promise<T>): Promise<T | null> {
  try {
    return await validate();
  } catch (error) {
    if (typeof error === 'object' && error !== null && 'errorFields' in error) return null;
    throw error;
  }
}

/** Validates the whole form and gives its values, or null when a field is not valid. */
export const validValues = <T>(form: FormInstance<T>): Promise<T | null> =>
  validated(() => form.validateFields());
