import { queryUnfinishedTask, updateSiteInfo } from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';

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

  it('needs both the withdraw password and the withdraw account for task 4', async () => {
    await t.rows(
      sql`update accounts set pay_password_hash = login_password_hash where mobile_phone = '13800000004'`,
    );
    expect(await tasksOf('13800000004')).toContainEqual({ type: 4, finished: false });
    await t.rows(sql`update accounts set withdraw_account_set = true where mobile_phone = '13800000004'`);
    expect(await tasksOf('13800000004')).toContainEqual({ type: 4, finished: true });
  });

  it('does not count a real-name status other than 0 or 1 as done', async () => {
    await t.rows(sql`update accounts set real_name_status = 2 where mobile_phone = '13800000004'`);
    expect(await tasksOf('13800000004')).toContainEqual({ type: 3, finished: false });
  });

  it('answers 9996 without a session', async () => {
    expect((await t.call(queryUnfinishedTask, {})).responseCode).toBe('9996');
  });
});
