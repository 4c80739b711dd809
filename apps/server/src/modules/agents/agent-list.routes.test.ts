import {
  type AgentListItem,
  exportAgentInfoPage,
  exportHref,
  queryAgentInfoPage,
  queryAgentInfoTotal,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { agentMgtHelpers } from '../../../test/agent-mgt-helpers';
import { useTestApp } from '../../../test/build-test-app';

/** Issue 7, §1: the agent list on the list pipeline: sort whitelist, totals and the streamed export. */

const t = useTestApp();
const h = agentMgtHelpers(t);

const OPERATOR = '13800000000';
const L2 = '13800000002';
const L5 = '13800000005';

/** Every row of the list for these filters, page by page. */
async function wholeList(cookie: string, filters: Record<string, unknown> = {}): Promise<AgentListItem[]> {
  const rows: AgentListItem[] = [];
  for (let pageNum = 1; ; pageNum++) {
    const res = await t.call(queryAgentInfoPage, { ...filters, pageNum, pageSize: 200 }, { cookie });
    expect(res.responseCode).toBe('0000');
    rows.push(...(res.object ?? []));
    if (rows.length >= (res.totalCount ?? 0)) return rows;
  }
}

async function download(
  cookie: string,
  query: Record<string, unknown>,
  opts: { token?: string; headers?: Record<string, string> } = {},
) {
  return t.inject({
    method: 'GET',
    url: exportHref(exportAgentInfoPage, query, opts.token),
    headers: { cookie, ...opts.headers },
  });
}

async function sheetRows(body: Buffer): Promise<(string | number | null)[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: (string | number | null)[][] = [];
  sheet.eachRow((row) => {
    rows.push((row.values as (string | number | null)[]).slice(1));
  });
  return rows;
}

describe('POST /api/agent/queryAgentInfoPage (sort and paging)', () => {
  it('sorts by a whitelisted field in either order, the id breaking ties', async () => {
    const cookie = await h.as(L2);
    const asc = await t.call(queryAgentInfoPage, { orderBy: 'id', order: 'asc', pageSize: 200 }, { cookie });
    const ids = (asc.object ?? []).map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const byTime =
      (await t.call(queryAgentInfoPage, { orderBy: 'createTime', order: 'asc' }, { cookie })).object ?? [];
    for (let i = 1; i < byTime.length; i++) {
      const [a, b] = [byTime[i - 1] as AgentListItem, byTime[i] as AgentListItem];
      expect(a.createTime < b.createTime || (a.createTime === b.createTime && a.id < b.id)).toBe(true);
    }
  });

  it.each([{ orderBy: 'agentName' }, { orderBy: 'id', order: 'up' }])(
    'refuses the sort %j with 1000',
    async (body) => {
      const res = await t.callUnchecked(queryAgentInfoPage, body, { cookie: await h.as(L2) });
      expect(res.responseCode).toBe('1000');
    },
  );

  it('answers a page past the end with no rows and the true total', async () => {
    const cookie = await h.as(L2);
    const res = await t.call(queryAgentInfoPage, { pageNum: 50 }, { cookie });
    expect(res.object).toEqual([]);
    expect(res.totalCount).toBe(24);
  });

  it('pages the whole list without a gap or a repeat', async () => {
    const cookie = await h.as(OPERATOR);
    const seen: number[] = [];
    for (let pageNum = 1; pageNum <= 13; pageNum++) {
      const res = await t.call(queryAgentInfoPage, { pageNum, pageSize: 30 }, { cookie });
      seen.push(...(res.object ?? []).map((r) => r.id));
    }
    expect(new Set(seen).size).toBe(seen.length);
    const [{ n } = { n: 0 }] = await t.rows(
      // every active agent but the operator
      sql`select count(*)::int as n from agents where status = 'active' and agent_level > 0`,
    );
    expect(seen.length).toBe(Number(n));
  });
});

describe('POST /api/agent/queryAgentInfoTotal', () => {
  it('counts the whole filtered list, per level, with the sub-agents of those agents', async () => {
    const cookie = await h.as(L2);
    for (const filters of [{}, { agentLevel: 3 }, { agentName: '网咖' }, { areaKey: '440000-440300' }]) {
      const rows = await wholeList(cookie, filters);
      const res = await t.call(queryAgentInfoTotal, filters, { cookie });
      expect(res.responseCode).toBe('0000');
      expect(res.object?.agentCount).toBe(rows.length);
      const perLevel = new Map<number, number>();
      for (const r of rows) perLevel.set(r.agentLevel, (perLevel.get(r.agentLevel) ?? 0) + 1);
      expect(res.object?.byLevel).toEqual(
        [...perLevel].sort(([a], [b]) => a - b).map(([agentLevel, count]) => ({ agentLevel, count })),
      );
      expect(res.object?.subAgentCount).toBe(rows.reduce((n, r) => n + r.subAgentCount, 0));
    }
  });

  it('refuses what the list refuses', async () => {
    const cookie = await h.as(L2);
    expect((await t.callUnchecked(queryAgentInfoTotal, { pageNum: 1 }, { cookie })).responseCode).toBe(
      '1000',
    );
    const outside = await h.idOf('13800000001'); // the parent of L2
    expect((await t.call(queryAgentInfoTotal, { pid: outside }, { cookie })).responseCode).toBe('1004');
    expect((await t.call(queryAgentInfoTotal, {}, { cookie: await h.as(L5) })).responseCode).toBe('1003');
  });
});

describe('GET /api/agent/exportAgentInfoPage', () => {
  it('streams an .xlsx of the whole filtered list, in the list order, with Chinese headers', async () => {
    const cookie = await h.as(OPERATOR);
    const filters = { orderBy: 'id', order: 'asc' } as const;
    const res = await download(cookie, filters, { token: 'tok-12345678' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; .*filename\*=UTF-8''%E4%BB%A3%E7%90%86%E5%88%97%E8%A1%A8-2026\d{4}-\d{6}\.xlsx$/,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    expect(String(res.headers['set-cookie'])).toMatch(
      /^ac_export=tok-12345678; Path=\/; Max-Age=120; SameSite=Lax$/,
    );

    const [header, ...rows] = await sheetRows(res.rawPayload);
    expect(header).toEqual([
      '代理ID',
      '代理名称',
      '代理等级',
      '上级代理',
      '手机号',
      '代理地区',
      '分润比例',
      '基础分润',
      '游戏分润',
      '下级代理数',
      '网吧数',
      '创建时间',
      '备注',
    ]);
    const listed = await wholeList(cookie, filters);
    expect(rows.map((r) => r[0])).toEqual(listed.map((r) => r.id));
    const first = listed[0] as AgentListItem;
    expect(rows[0]?.slice(0, 6)).toEqual([
      first.id,
      first.agentName,
      '全国代理',
      first.parentName,
      first.mobilePhone,
      first.areaNames.join('、') || '全国',
    ]);
    expect(rows[0]?.[6]).toBeCloseTo(first.proportion, 6);
  });

  it('applies the filters and the scope of the caller, like the list', async () => {
    const cookie = await h.as(L2);
    for (const filters of [
      {},
      { agentLevel: 4 },
      { mobilePhone: '0001' },
      { pid: await h.idOf('13800000003') },
    ]) {
      const res = await download(cookie, filters);
      const [, ...rows] = await sheetRows(res.rawPayload);
      expect(rows.map((r) => r[0]).sort()).toEqual(
        (await wholeList(cookie, filters)).map((r) => r.id).sort(),
      );
    }
  });

  it('writes only the header row when nothing matches', async () => {
    const res = await download(await h.as(L2), { agentName: '没有这个代理' });
    expect(await sheetRows(res.rawPayload)).toHaveLength(1);
  });

  it.each([
    [{ agentLevel: 'x' }, '1000'],
    [{ startTime: '2026-02-30' }, '1000'],
    [{ orderBy: 'remark' }, '1000'],
  ])('refuses the filters %j with the envelope', async (query, code) => {
    const res = await download(await h.as(L2), query);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ responseCode: code, object: null });
  });

  it('refuses a tree node outside the subtree (1004), a promoter (1003) and a page of another site (1003)', async () => {
    const outside = await h.idOf('13800000001'); // the parent of L2
    expect((await download(await h.as(L2), { pid: outside })).json()).toMatchObject({ responseCode: '1004' });
    expect((await download(await h.as(L5), {})).json()).toMatchObject({ responseCode: '1003' });
    const crossSite = await download(await h.as(L2), {}, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.json()).toMatchObject({ responseCode: '1003' });
  });
});
