import { createIngestKey, queryIngestKeys, revokeIngestKey } from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';

const ENV_SECRET = 'env-secret-0123456789';
const t = useTestApp({ env: { INGEST_KEYS: `platform-main:${ENV_SECRET}` } });
const OPERATOR = '13800000000';

describe('ingest keys (level 0)', () => {
  it('creates a key: the secret is in the reply once, stored encrypted, listed without it', async () => {
    const cookie = await t.login(OPERATOR);
    const res = await t.call(createIngestKey, { name: '  租号平台正式环境 ' }, { cookie });
    expect(res.responseCode).toBe('0000');
    const key = res.object;
    expect(key?.id).toMatch(/^ik_[0-9a-f]{16}$/);
    expect(key?.name).toBe('租号平台正式环境');
    expect(key?.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.rows(sql`select * from ingest_keys`);
    expect(rows).toHaveLength(1);
    expect(String(rows[0]?.secret_encrypted)).toMatch(/^v1:/);
    expect(JSON.stringify(rows)).not.toContain(key?.secret);
    const list = await t.call(queryIngestKeys, {}, { cookie });
    expect(list.object).toEqual([
      {
        id: 'platform-main',
        name: '环境变量 INGEST_KEYS',
        source: 'env',
        createTime: null,
        revokeTime: null,
        lastUsedTime: null,
      },
      {
        id: key?.id,
        name: '租号平台正式环境',
        source: 'console',
        createTime: '2026-03-02 10:00:00',
        revokeTime: null,
        lastUsedTime: null,
      },
    ]);
    expect(JSON.stringify(list)).not.toContain(key?.secret);
    expect(JSON.stringify(list)).not.toContain(ENV_SECRET);
  });

  it('revokes a console key once; an env key or an unknown one is refused and nothing changes', async () => {
    const cookie = await t.login(OPERATOR);
    const key = (await t.call(createIngestKey, { name: '测试' }, { cookie })).object;
    if (!key) throw new Error('no key');
    t.clock.advance(60_000);
    expect((await t.call(revokeIngestKey, { id: key.id }, { cookie })).object).toBe(true);
    const list = await t.call(queryIngestKeys, {}, { cookie });
    expect(list.object?.[1]).toMatchObject({ id: key.id, revokeTime: '2026-03-02 10:01:00' });

    const before = await t.snapshot();
    expect(await t.call(revokeIngestKey, { id: key.id }, { cookie })).toMatchObject({
      responseCode: '4002',
      responseMsg: '密钥已吊销',
    });
    expect(await t.call(revokeIngestKey, { id: 'platform-main' }, { cookie })).toMatchObject({
      responseCode: '4002',
    });
    expect(await t.call(revokeIngestKey, { id: 'ik_0000000000000000' }, { cookie })).toMatchObject({
      responseCode: '1004',
    });
    expect(await t.callUnchecked(revokeIngestKey, { id: 'a b' }, { cookie })).toMatchObject({
      responseCode: '1000',
    });
    expect(await t.snapshot()).toEqual(before);
  });

  it('refuses a name that is empty or over 50 characters with the field message', async () => {
    const cookie = await t.login(OPERATOR);
    expect(await t.call(createIngestKey, { name: '   ' }, { cookie })).toMatchObject({
      responseCode: '1000',
      responseMsg: '请输入密钥名称',
    });
    expect(await t.call(createIngestKey, { name: '名'.repeat(51) }, { cookie })).toMatchObject({
      responseCode: '1000',
      responseMsg: '密钥名称最多50个字',
    });
    expect(await t.rows(sql`select 1 from ingest_keys`)).toHaveLength(0);
  });

  it('is the operator’s only: a level-1 agent gets 1003 on every call', async () => {
    const cookie = await t.login('13800000001');
    for (const [ep, body] of [
      [queryIngestKeys, {}],
      [createIngestKey, { name: 'x' }],
      [revokeIngestKey, { id: 'platform-main' }],
    ] as const) {
      expect((await t.callUnchecked(ep, body, { cookie })).responseCode).toBe('1003');
    }
    expect(await t.rows(sql`select 1 from ingest_keys`)).toHaveLength(0);
  });
});
