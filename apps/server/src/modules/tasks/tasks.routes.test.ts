import {
  addUserBindAccount,
  queryUnfinishedTask,
  rejectRealName,
  setPayPassword,
  updateSiteInfo,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { md5Hex, useTestApp } from '../../../test/build-test-app';

const t = useTestApp();

const tasksOf = async (phone: string) =>
  (await t.call(queryUnfinishedTask, {}, { cookie: await t.login(phone) })).object;

describe('POST /api/task/queryUnFinishedTask', () => {
  it('gives the operator tasks 2, 4 and 5 only (no phone or identity task at level 0)', async () => {
    expect(await tasksOf('13800000000')).toEqual([
      { type: 2, finished: true },
      { type: 4, finished: false },
      { type: 5, finished: false },
    ]);
  });

  it('marks content configuration finished once the operator saved the site info', async () => {
    const cookie = await t.login('13800000000');
    await t.call(updateSiteInfo, { name: '星途代理平台' }, { cookie });
    const res = await t.call(queryUnfinishedTask, {}, { cookie });
    expect(res.object).toContainEqual({ type: 5, finished: true });
  });

  it('gives a fully onboarded level 1 agent tasks 1-4, all finished', async () => {
    expect(await tasksOf('13800000001')).toEqual([
      { type: 1, finished: true },
      { type: 2, finished: true },
      { type: 3, finished: true },
      { type: 4, finished: true },
    ]);
  });

  it('counts a real-name submission under review as done', async () => {
    expect(await tasksOf('13800000002')).toEqual([
      { type: 1, finished: true },
      { type: 2, finished: false },
      { type: 3, finished: true },
      { type: 4, finished: false },
    ]);
  });

  it('leaves everything but the phone open for 13800000003', async () => {
    expect(await tasksOf('13800000003')).toEqual([
      { type: 1, finished: true },
      { type: 2, finished: false },
      { type: 3, finished: false },
      { type: 4, finished: false },
    ]);
  });

  it('leaves every task open for a fresh promoter', async () => {
    expect(await tasksOf('13800000005')).toEqual([
      { type: 1, finished: false },
      { type: 2, finished: false },
      { type: 3, finished: false },
      { type: 4, finished: false },
    ]);
  });

  it('needs both the withdraw password and the withdraw account for task 4 (the real records)', async () => {
    const cookie = await t.login('13800000000');
    const task4 = async () =>
      (await t.call(queryUnfinishedTask, {}, { cookie })).object?.find((x) => x.type === 4);
    expect(await task4()).toEqual({ type: 4, finished: false });
    await t.call(setPayPassword, { payPassword: md5Hex('abc123') }, { cookie });
    expect(await task4()).toEqual({ type: 4, finished: false });
    const saved = await t.call(
      addUserBindAccount,
      { accountNo: 'ops@example.com', realName: '运营' },
      { cookie },
    );
    expect(saved.responseCode).toBe('0000');
    expect(await task4()).toEqual({ type: 4, finished: true });
  });

  it('does not count a rejected identity (status 2) as done', async () => {
    const operator = await t.login('13800000000');
    const [row] = await t.rows(sql`select r.id from real_name_records r join accounts a on a.id = r.account_id
      where a.mobile_phone = '13800000002'`);
    const rejected = await t.call(
      rejectRealName,
      { id: Number(row?.id), reason: '照片不清晰' },
      { cookie: operator },
    );
    expect(rejected.responseCode).toBe('0000');
    expect(await tasksOf('13800000002')).toContainEqual({ type: 3, finished: false });
  });

  it('answers 9996 without a session', async () => {
    expect((await t.call(queryUnfinishedTask, {})).responseCode).toBe('9996');
  });
});
