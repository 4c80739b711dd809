import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../../../test/build-test-app';
import { rowsOf } from '../../db/client';
import { createDataCipher, DataKeyError } from './data-key';
import { createDataKeyCheckRepository } from './data-key-check.repository';
import { createDataKeyCheck } from './data-key-check.service';

/** Issue 8: a server started with another data key than its database's refuses to start. */
let opened: TestDatabase;
beforeAll(async () => {
  opened = await openTestDatabase();
  await opened.db.migrate();
}, 120_000);
afterAll(async () => {
  await opened?.drop();
}, 60_000);
beforeEach(async () => {
  await opened.db
    .q()
    .execute(sql`truncate data_key_check, withdraw_accounts, accounts restart identity cascade`);
});

const KEY_A = Buffer.alloc(32, 1);
const KEY_B = Buffer.alloc(32, 2);
const checkWith = (key: Buffer) =>
  createDataKeyCheck({
    repo: createDataKeyCheckRepository(opened.db),
    cipher: createDataCipher(key),
    clock: () => new Date('2026-03-02T02:00:00Z'),
    keySource: '/home/ops/.config/agent-console/data.key',
  });
const storedRows = async () => rowsOf(await opened.db.q().execute(sql`select mac from data_key_check`));

describe('the data key check at start', () => {
  it('records the key of the first start, then refuses another key', async () => {
    await checkWith(KEY_A).verify();
    expect(await storedRows()).toHaveLength(1);
    await checkWith(KEY_A).verify();
    const refused = checkWith(KEY_B).verify();
    await expect(refused).rejects.toBeInstanceOf(DataKeyError);
    await expect(checkWith(KEY_B).verify()).rejects.toThrow(
      'The data key (/home/ops/.config/agent-console/data.key) is not the key this database was written with',
    );
  });

  it('refuses a key that does not open what the database already holds, before recording anything', async () => {
    const sealed = createDataCipher(KEY_A);
    await opened.db.q().execute(
      sql`with account as (
            insert into accounts (mobile_phone, login_password_hash) values ('13900000001', 'x') returning id)
          insert into withdraw_accounts (account_id, account_no_enc, real_name_enc, created_at, updated_at)
          select id, ${sealed.encrypt('alipay@example.com')}, ${sealed.encrypt('张三')}, now(), now() from account`,
    );
    await expect(checkWith(KEY_B).verify()).rejects.toBeInstanceOf(DataKeyError);
    expect(await storedRows()).toEqual([]);
    await checkWith(KEY_A).verify();
    expect(await storedRows()).toHaveLength(1);
  });
});
