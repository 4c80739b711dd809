import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { loggableError } from './loggable-error';

describe('loggableError', () => {
  it("keeps a failed query's SQL and driver message but never its parameters or the row's values", () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "accounts_mobile_phone_unique"'),
      {
        code: '23505',
        constraint: 'accounts_mobile_phone_unique',
        detail: 'Key (mobile_phone)=(13812345678) already exists.',
      },
    );
    const err = new DrizzleQueryError(
      'insert into "accounts" ("mobile_phone") values ($1)',
      ['13812345678'],
      cause,
    );
    const logged = loggableError(err);
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      query: 'insert into "accounts" ("mobile_phone") values ($1)',
      code: '23505',
      constraint: 'accounts_mobile_phone_unique',
    });
    expect(JSON.stringify(logged)).not.toContain('13812345678');
  });

  it('keeps the message and stack of other errors', () => {
    expect(loggableError(new TypeError('boom'))).toMatchObject({ type: 'TypeError', message: 'boom' });
  });
});
