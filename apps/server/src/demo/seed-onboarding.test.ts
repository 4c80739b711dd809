import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { isValidIdNumber, login, queryUnfinishedTask, queryUserInfo } from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DEMO_DIGEST, useTestApp } from '../../test/build-test-app';
import { sniffImage } from '../modules/settings/logo-image';
import { demoIdNumber, demoPng } from './seed-onboarding';

const t = useTestApp();

describe('demo onboarding states', () => {
  it('makes valid, distinct ID numbers and real PNGs', () => {
    const ids = Array.from({ length: 60 }, (_, i) => demoIdNumber(i + 1));
    expect(ids.every(isValidIdNumber)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(sniffImage(demoPng([1, 2, 3]))).toBe('image/png');
  });

  it('gives 13800000001 everything, with real records, and keeps the demo password working', async () => {
    const res = await t.call(login, { mobilePhone: '13800000001', password: DEMO_DIGEST });
    expect(res.responseCode).toBe('0000');
    const [record] = await t.rows(sql`select status from real_name_records where account_id = 10001`);
    expect(record?.status).toBe(1);
    expect(await t.rows(sql`select account_id from withdraw_accounts where account_id = 10001`)).toHaveLength(
      1,
    );
  });

  it('stores the demo photos as files in the private upload folder', async () => {
    const rows = await t.rows(sql`select stored_name from id_photos where account_id in (10001, 10002)`);
    expect(rows).toHaveLength(6);
    for (const r of rows) expect(existsSync(join(t.config.uploadDir, String(r.stored_name)))).toBe(true);
  });

  it.each([
    [
      '13800000001',
      { phoneVerified: true, isSetLoginPassword: true, realNameStatus: 1, isSetPayPassword: true },
      [],
    ],
    [
      '13800000002',
      { phoneVerified: true, isSetLoginPassword: false, realNameStatus: 0, isSetPayPassword: false },
      [2, 4],
    ],
    [
      '13800000003',
      { phoneVerified: true, isSetLoginPassword: false, realNameStatus: null, isSetPayPassword: false },
      [2, 3, 4],
    ],
    [
      '13800000004',
      { phoneVerified: false, isSetLoginPassword: false, realNameStatus: null, isSetPayPassword: false },
      [1, 2, 3, 4],
    ],
    [
      '13800000005',
      { phoneVerified: false, isSetLoginPassword: false, realNameStatus: null, isSetPayPassword: false },
      [1, 2, 3, 4],
    ],
  ])('puts %s in its state', async (phone, info, open) => {
    const cookie = await t.login(phone);
    expect((await t.call(queryUserInfo, {}, { cookie })).object).toMatchObject(info);
    const tasks = (await t.call(queryUnfinishedTask, {}, { cookie })).object ?? [];
    expect(tasks.filter((x) => !x.finished).map((x) => x.type)).toEqual(open);
  });
});
