import { DrizzleQueryError } from 'drizzle-orm/errors';

interface DriverError {
  code?: string;
  message?: string;
  constraint?: string;
  stack?: string;
}

/**
 * What may be logged of an unexpected error. A failed query's parameters (phones, password
 * hashes, tokens) and the driver's `detail` (the row's values) are left out: only the SQL text,
 * the driver's code and message, and the constraint.
 */
export function loggableError(err: unknown): Record<string, unknown> {
  if (err instanceof DrizzleQueryError) {
    const cause = (err.cause ?? {}) as DriverError;
    return {
      type: 'DrizzleQueryError',
      query: err.query,
      code: cause.code,
      message: cause.message,
      constraint: cause.constraint,
      stack: cause.stack,
    };
  }
  if (err instanceof Error) return { type: err.name, message: err.message, stack: err.stack };
  return { type: typeof err };
}
