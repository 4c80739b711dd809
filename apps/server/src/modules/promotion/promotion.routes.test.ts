import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  applyPassed,
  automaticPacking,
  channelShortUrl,
  createChannel,
  DOWNLOAD_INI_PATH,
  downloadIniHref,
  downloadPackageHref,
  exportHref,
  exportQueryChannelPage,
  exportWebNetBarPage,
  getBarUserId,
  type PackingStatus,
  queryChannelPage,
  queryChannelTotalData,
  queryPackingStatus,
  queryWebNetBarPage,
  queryWebNetBarTotal,
  queryWebPromotionConfig,
  updateChannel,
  updateWebPromotionConfig,
} from '@agent-console/contract';
import ExcelJS from 'exceljs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/build-test-app';
import { business, type GivenNetBar } from '../../../test/business-factories';
import { factories, type GivenAgent } from '../../../test/factories';

/**
 * Issue 9, /net-bar-mgt and /web-mgt: every promotion call on a real database, scoped to the
 * caller's subtree whatever ids it sends, with the spec's validation messages; bad input answers
 * the envelope's error and changes nothing.
 */

const t = useTestApp({ seed: 'empty' });
const given = factories(t);
const biz = business(t);

interface World {
  operator: GivenAgent;
  /** 1 › 2 › 3 on one side, 1 › 2' › 3' on the other. */
  l1: GivenAgent;
  l2: GivenAgent;
  l3: GivenAgent;
  other2: GivenAgent;
  other3: GivenAgent;
  bar: GivenNetBar;
  otherBar: GivenNetBar;
}

async function world(): Promise<World> {
  const [operator, l1, l2, l3] = (await given.chain(3)) as [GivenAgent, GivenAgent, GivenAgent, GivenAgent];
  const other2 = await given.agent({ parent: l1 });
  const other3 = await given.agent({ parent: other2 });
  const bar = await biz.netBar({ agent: l3, name: '星际网咖' });
  const otherBar = await biz.netBar({ agent: other3, name: '别家网吧' });
  return { operator, l1, l2, l3, other2, other3, bar, otherBar };
}

const createClient = (cookie: string, netBarId: number, channelName = '一楼客户端') =>
  t.call(createChannel, { kind: 'client', netBarId, channelName }, { cookie });

async function waitPacked(cookie: string, channelId: number): Promise<PackingStatus> {
  for (let i = 0; i < 200; i++) {
    const res = await t.call(queryPackingStatus, { channelIds: [channelId] }, { cookie });
    const status = res.object?.[0];
    if (status && (status.packingState === 'done' || status.packingState === 'failed')) return status;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('packing did not end');
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

describe('createChannel', () => {
  it('makes a client channel of a net bar of the subtree: applied by the bar agent, passed when made above it', async () => {
    const w = await world();
    const own = await createClient(await given.login(w.l3), w.bar.id);
    expect(own).toMatchObject({
      responseCode: '0000',
      object: {
        kind: 'client',
        channelName: '一楼客户端',
        netBarId: w.bar.id,
        netBarName: '星际网咖',
        agentId: w.l3.id,
        applyState: 'applied',
        packingState: 'none',
        passedByName: null,
      },
    });
    expect(own.object?.code).toMatch(/^C[A-Z2-9]{9}$/);
    expect(own.object?.shortUrl).toMatch(/^\/s\/[A-Za-z2-9]{7}$/);
    const above = await createClient(await given.login(w.l1), w.bar.id, '二楼客户端');
    expect(above.object).toMatchObject({ agentId: w.l3.id, applyState: 'passed', passedByName: w.l1.name });
    expect(above.object?.code).not.toBe(own.object?.code);
  });

  it('makes a web channel of the caller with a validated domain', async () => {
    const w = await world();
    const cookie = await given.login(w.l2);
    const res = await t.call(
      createChannel,
      { kind: 'web', domain: ' Promo.Example.COM ', channelName: '官网推广' },
      { cookie },
    );
    expect(res.object).toMatchObject({
      kind: 'web',
      domain: 'promo.example.com',
      agentId: w.l2.id,
      netBarId: null,
    });
  });

  it('refuses bad input with the spec-style messages and changes nothing', async () => {
    const w = await world();
    const cookie = await given.login(w.l3);
    const before = await t.snapshot();
    const cases: [unknown, string, string?][] = [
      [{ kind: 'client', netBarId: w.bar.id, channelName: '  ' }, '1000', '请输入渠道名称'],
      [{ kind: 'client', netBarId: w.bar.id, channelName: '名'.repeat(51) }, '1000', '渠道名称最多50个字'],
      [{ kind: 'web', domain: 'http://a.com/x', channelName: '网页' }, '1000', '请输入正确的域名'],
      [{ kind: 'web', domain: 'localhost', channelName: '网页' }, '1000', '请输入正确的域名'],
      [{ kind: 'client', channelName: '无网吧' }, '1000'],
      [{ kind: 'client', netBarId: 'x', channelName: '坏编号' }, '1000'],
      [{ kind: 'client', netBarId: w.bar.id, channelName: '多余', extra: 1 }, '1000'],
      [{ kind: 'client', netBarId: w.otherBar.id, channelName: '越权' }, '1004', '网吧不存在'],
      [{ kind: 'client', netBarId: 2_000_000, channelName: '不存在' }, '1004', '网吧不存在'],
    ];
    for (const [body, code, message] of cases) {
      const res = await t.callUnchecked(createChannel, body, { cookie });
      expect([body, res.responseCode]).toEqual([body, code]);
      if (message) expect(res.responseMsg).toBe(message);
      expect(res.http.statusCode).toBeLessThan(500);
    }
    expect(await t.snapshot()).toEqual(before);
  });
});

describe('queryChannelPage, queryChannelTotalData, exportQueryChannelPage', () => {
  it('lists only the subtree, filters, and totals and export match the list', async () => {
    const w = await world();
    const op = await given.login(w.operator);
    const a = await createClient(op, w.bar.id, '甲渠道');
    await createClient(op, w.bar.id, '乙渠道');
    await createClient(op, w.otherBar.id, '丙渠道');
    const aId = a.object?.channelId as number;
    const channelA = {
      id: aId,
      code: a.object?.code as string,
      kind: 'client' as const,
      name: '甲渠道',
      agentId: w.l3.id,
      netBarId: w.bar.id,
      barUserId: w.bar.barUserId,
    };
    const p1 = await biz.player({ channel: channelA });
    await biz.player({ channel: channelA });
    await biz.order({ player: p1, amountFen: 1500, status: 50 });
    await biz.order({ player: p1, amountFen: 700, status: 10 });

    const cookie = await given.login(w.l3);
    const page = await t.call(queryChannelPage, {}, { cookie });
    expect(page.responseCode).toBe('0000');
    expect(page.totalCount).toBe(2);
    expect(page.object?.map((c) => c.channelName).sort()).toEqual(['乙渠道', '甲渠道']);
    const rowA = page.object?.find((c) => c.channelId === aId);
    expect(rowA).toMatchObject({ userCount: 2, orderCount: 2, orderAmount: 1500 });

    const totals = await t.call(queryChannelTotalData, {}, { cookie });
    expect(totals.object).toEqual({
      channelCount: 2,
      passedCount: 2,
      appliedCount: 0,
      packedCount: 0,
      userCount: 2,
      orderCount: 2,
      orderAmount: 1500,
    });
    expect(totals.object?.userCount).toBe(page.object?.reduce((n, c) => n + c.userCount, 0));

    const byName = await t.call(queryChannelPage, { channelName: '甲' }, { cookie });
    expect(byName.object?.map((c) => c.channelId)).toEqual([aId]);
    // The operator's whole tree, and a node of it.
    const all = await t.call(queryChannelPage, { pageSize: 50 }, { cookie: op });
    expect(all.totalCount).toBe(3);
    // The whole tree's totals (no filter) and a filtered set's equal the sums of their rows.
    for (const query of [{}, { channelName: '渠道' }, { netBarName: '星际' }]) {
      const rows = (await t.call(queryChannelPage, { pageSize: 50, ...query }, { cookie: op })).object ?? [];
      const sums = (await t.call(queryChannelTotalData, query, { cookie: op })).object;
      expect([query, sums?.channelCount, sums?.userCount, sums?.orderCount, sums?.orderAmount]).toEqual([
        query,
        rows.length,
        rows.reduce((n, r) => n + r.userCount, 0),
        rows.reduce((n, r) => n + r.orderCount, 0),
        rows.reduce((n, r) => n + r.orderAmount, 0),
      ]);
    }
    const other = await t.call(queryChannelPage, { pid: w.other2.id }, { cookie: op });
    expect(other.object?.map((c) => c.channelName)).toEqual(['丙渠道']);
    // An outsider's node or net bar is refused.
    expect((await t.call(queryChannelPage, { pid: w.other2.id }, { cookie })).responseCode).toBe('1004');
    expect((await t.call(queryChannelPage, { netBarId: w.otherBar.id }, { cookie })).responseCode).toBe(
      '1004',
    );

    const res = await t.inject({
      method: 'GET',
      url: exportHref(exportQueryChannelPage, {}),
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = await sheetRows(res.rawPayload);
    expect(header?.[0]).toBe('渠道ID');
    expect(rows).toHaveLength(page.totalCount ?? -1);
    const amountColumn = header?.indexOf('订单金额（元）') ?? -1;
    expect(rows.reduce((n, r) => n + Number(r[amountColumn] ?? 0), 0)).toBe(15);
  });

  it('answers bad filters with 1000, never a 500', async () => {
    const w = await world();
    const cookie = await given.login(w.l3);
    for (const body of [
      { pageSize: 31 },
      { startTime: '2026-02-30' },
      { startTime: '2026-03-05', endTime: '2026-03-01' },
      { applyState: 'maybe' },
      { orderBy: 'name' },
      { unknown: 1 },
    ]) {
      const res = await t.callUnchecked(queryChannelPage, body, { cookie });
      expect([body, res.responseCode]).toEqual([body, '1000']);
    }
  });
});

describe('updateChannel and apply/passed', () => {
  it('lets an agent above the owner pass or reject, never the owner, and re-applies an edited rejected channel', async () => {
    const w = await world();
    const l3 = await given.login(w.l3);
    const l2 = await given.login(w.l2);
    const created = await createClient(l3, w.bar.id);
    const channelId = created.object?.channelId as number;

    const self = await t.call(applyPassed, { channelId, passed: true }, { cookie: l3 });
    expect(self).toMatchObject({ responseCode: '1003', responseMsg: '只有上级代理可以审核渠道' });
    const rejected = await t.call(applyPassed, { channelId, passed: false }, { cookie: l2 });
    expect(rejected.object).toMatchObject({ applyState: 'rejected', passedByName: w.l2.name });
    const again = await t.call(applyPassed, { channelId }, { cookie: l2 });
    expect(again).toMatchObject({ responseCode: '4002', responseMsg: '渠道不是待审核状态' });

    const edited = await t.call(
      updateChannel,
      { channelId, channelName: '改名渠道', remark: '备注' },
      { cookie: l3 },
    );
    expect(edited.object).toMatchObject({ channelName: '改名渠道', remark: '备注', applyState: 'applied' });
    const passed = await t.call(applyPassed, { channelId }, { cookie: l2 });
    expect(passed.object).toMatchObject({ applyState: 'passed', passedByName: w.l2.name });

    const domain = await t.call(
      updateChannel,
      { channelId, channelName: '改名', domain: 'a.example.com' },
      { cookie: l3 },
    );
    expect(domain).toMatchObject({ responseCode: '1000', responseMsg: '客户端渠道没有推广域名' });
  });

  it('refuses every call on a channel outside the subtree with 1004 and changes nothing', async () => {
    const w = await world();
    const op = await given.login(w.operator);
    const theirs = await createClient(op, w.otherBar.id, '别人的渠道');
    const channelId = theirs.object?.channelId as number;
    const code = theirs.object?.code as string;
    const cookie = await given.login(w.l3);
    const before = await t.snapshot();
    const calls = [
      () => t.call(updateChannel, { channelId, channelName: '越权' }, { cookie }),
      () => t.call(applyPassed, { channelId }, { cookie }),
      () => t.call(automaticPacking, { channelId }, { cookie }),
      () => t.call(queryPackingStatus, { channelIds: [channelId] }, { cookie }),
      () => t.call(channelShortUrl, { channelId }, { cookie }),
      () => t.call(getBarUserId, { netBarId: w.otherBar.id }, { cookie }),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.responseCode).toBe('1004');
    }
    for (const url of [downloadIniHref(code), downloadPackageHref(code)]) {
      const res = await t.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.json()).toMatchObject({ responseCode: '1004', responseMsg: '渠道不存在' });
    }
    const listed = await t.call(queryChannelPage, { code }, { cookie });
    expect(listed.object).toEqual([]);
    expect(await t.snapshot()).toEqual(before);
  });
});

describe('automatic/packing, downloads and the short URL', () => {
  it('packs a passed client channel: queued, then done with a zip whose cybercafe.ini names the channel', async () => {
    const w = await world();
    const l3 = await given.login(w.l3);
    const applied = await createClient(l3, w.bar.id);
    const appliedId = applied.object?.channelId as number;
    expect(await t.call(automaticPacking, { channelId: appliedId }, { cookie: l3 })).toMatchObject({
      responseCode: '4002',
      responseMsg: '渠道审核通过后才能打包',
    });

    const op = await given.login(w.operator);
    const created = await createClient(op, w.bar.id, '打包渠道');
    const channelId = created.object?.channelId as number;
    const code = created.object?.code as string;
    const shortUrl = created.object?.shortUrl as string;
    // Before a package exists, the short URL has nowhere to lead.
    expect((await t.inject({ method: 'GET', url: shortUrl })).statusCode).toBe(404);

    const started = await t.call(automaticPacking, { channelId }, { cookie: l3 });
    expect(started.responseCode).toBe('0000');
    expect(['queued', 'packing', 'done']).toContain(started.object?.packingState);
    const done = await waitPacked(l3, channelId);
    expect(done).toMatchObject({
      packingState: 'done',
      packingProgress: 100,
      downloadUrl: downloadPackageHref(code),
    });

    const zip = await t.inject({ method: 'GET', url: downloadPackageHref(code), headers: { cookie: l3 } });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.rawPayload));
    const ini = strFromU8(files['cybercafe.ini'] as Uint8Array);
    expect(ini).toContain(`channel=${code}`);
    expect(ini).toMatch(/server=http:\/\/localhost/);

    const ownIni = await t.inject({ method: 'GET', url: downloadIniHref(code), headers: { cookie: l3 } });
    expect(ownIni.statusCode).toBe(200);
    expect(ownIni.headers['content-disposition']).toContain('cybercafe.ini');
    expect(ownIni.body).toContain(`channel=${code}`);
    expect((await t.inject({ method: 'GET', url: downloadIniHref(code) })).json()).toMatchObject({
      responseCode: '9996',
    });
    expect(
      (
        await t.inject({ method: 'GET', url: `${DOWNLOAD_INI_PATH}?channel=`, headers: { cookie: l3 } })
      ).json(),
    ).toMatchObject({
      responseCode: '1004',
    });

    // The short URL redirects to the package, which anyone may download.
    const short = await t.call(channelShortUrl, { channelId }, { cookie: l3 });
    expect(short.object?.shortUrl).toBe(shortUrl);
    const hop = await t.inject({ method: 'GET', url: shortUrl });
    expect(hop.statusCode).toBe(302);
    expect(hop.headers.location).toBe(`${shortUrl}/client.zip`);
    const publicZip = await t.inject({ method: 'GET', url: `${shortUrl}/client.zip` });
    expect(publicZip.statusCode).toBe(200);
    expect(
      strFromU8(unzipSync(new Uint8Array(publicZip.rawPayload))['cybercafe.ini'] as Uint8Array),
    ).toContain(`channel=${code}`);
    expect((await t.inject({ method: 'GET', url: '/s/nothing1' })).statusCode).toBe(404);

    // Packing again replaces the package.
    expect((await t.call(automaticPacking, { channelId }, { cookie: l3 })).responseCode).toBe('0000');
    expect(await waitPacked(l3, channelId)).toMatchObject({ packingState: 'done' });
  });

  it('marks a packing that cannot be written failed, with the reason, and packs again once it can', async () => {
    const w = await world();
    const op = await given.login(w.operator);
    const created = await createClient(op, w.bar.id, '失败渠道');
    const channelId = created.object?.channelId as number;
    // The package folder is in the way (a file of that name): writing the package fails.
    const folder = join(t.config.uploadDir, 'channel-packages');
    rmSync(folder, { recursive: true, force: true });
    writeFileSync(folder, 'not a folder');
    try {
      expect((await t.call(automaticPacking, { channelId }, { cookie: op })).responseCode).toBe('0000');
      expect(await waitPacked(op, channelId)).toEqual({
        channelId,
        packingState: 'failed',
        packingProgress: 90,
        packingError: '打包失败，请重试',
        downloadUrl: null,
      });
      const listed = await t.call(queryChannelPage, { packingState: 'failed' }, { cookie: op });
      expect(listed.object?.map((c) => c.channelId)).toEqual([channelId]);
    } finally {
      rmSync(folder, { force: true });
    }
    expect((await t.call(automaticPacking, { channelId }, { cookie: op })).responseCode).toBe('0000');
    expect(await waitPacked(op, channelId)).toMatchObject({ packingState: 'done', packingError: null });
  });

  it('redirects a passed web channel to its domain with the channel', async () => {
    const w = await world();
    const op = await given.login(w.operator);
    const web = await t.call(
      createChannel,
      { kind: 'web', domain: 'go.example.cn', channelName: '网页' },
      { cookie: op },
    );
    const hop = await t.inject({ method: 'GET', url: web.object?.shortUrl as string });
    expect(hop.statusCode).toBe(302);
    expect(hop.headers.location).toBe(`https://go.example.cn/?channel=${web.object?.code}`);
    expect(
      (await t.call(automaticPacking, { channelId: web.object?.channelId as number }, { cookie: op }))
        .responseMsg,
    ).toBe('网页渠道没有客户端安装包');
  });
});

describe('web promotion', () => {
  it("lists the subtree's net bars with today's users and orders by default, a range and a terminal on demand", async () => {
    const w = await world();
    const op = await given.login(w.operator);
    const created = await createClient(op, w.bar.id, '甲渠道');
    const channel = {
      id: created.object?.channelId as number,
      code: created.object?.code as string,
      kind: 'client' as const,
      name: '甲渠道',
      agentId: w.l3.id,
      netBarId: w.bar.id,
      barUserId: w.bar.barUserId,
    };
    const yesterday = new Date(t.clock.now().getTime() - 24 * 3600 * 1000);
    const today = await biz.player({ channel, terminalType: 3 });
    await biz.player({ channel, terminalType: 4 });
    await biz.player({ channel, terminalType: 3, at: yesterday });
    await biz.order({ player: today, amountFen: 2000, status: 50, terminalType: 3 });
    await biz.order({ player: today, amountFen: 900, status: 30, terminalType: 4, createdAt: yesterday });

    const cookie = await given.login(w.l3);
    const page = await t.call(queryWebNetBarPage, {}, { cookie });
    expect(page.totalCount).toBe(1);
    expect(page.object?.[0]).toMatchObject({
      netBarId: w.bar.id,
      barUserId: w.bar.barUserId,
      agentId: w.l3.id,
      userCount: 2,
      orderCount: 1,
      orderAmount: 2000,
    });
    const ios = await t.call(queryWebNetBarPage, { terminal: 3 }, { cookie });
    expect(ios.object?.[0]).toMatchObject({ userCount: 1, orderCount: 1 });
    const twoDays = await t.call(
      queryWebNetBarPage,
      { startTime: '2026-03-01 00:00:00', endTime: '2026-03-02 23:59:59' },
      { cookie },
    );
    expect(twoDays.object?.[0]).toMatchObject({ userCount: 3, orderCount: 2, orderAmount: 2900 });
    const totals = await t.call(
      queryWebNetBarTotal,
      { startTime: '2026-03-01', endTime: '2026-03-02' },
      { cookie },
    );
    expect(totals.object).toEqual({ netBarCount: 1, userCount: 3, orderCount: 2, orderAmount: 2900 });
    const all = await t.call(queryWebNetBarPage, {}, { cookie: op });
    expect(all.totalCount).toBe(2);
    expect((await t.call(queryWebNetBarPage, { pid: w.other2.id }, { cookie })).responseCode).toBe('1004');

    const res = await t.inject({
      method: 'GET',
      url: exportHref(exportWebNetBarPage, {}),
      headers: { cookie: op },
    });
    const [, ...rows] = await sheetRows(res.rawPayload);
    expect(rows).toHaveLength(2);
  });

  it('keeps the agent domain, validated, and tells a bar user id of the subtree only', async () => {
    const w = await world();
    const cookie = await given.login(w.l3);
    expect((await t.call(queryWebPromotionConfig, {}, { cookie })).object).toEqual({
      domain: null,
      updateTime: null,
    });
    const before = await t.snapshot();
    for (const domain of ['', 'no spaces.com', 'https://a.com', 'a.com:80', '-a.com', 'a..com']) {
      const res = await t.callUnchecked(updateWebPromotionConfig, { domain }, { cookie });
      expect([domain, res.responseCode]).toEqual([domain, '1000']);
    }
    expect(await t.snapshot()).toEqual(before);
    const set = await t.call(updateWebPromotionConfig, { domain: 'WWW.Bar-Promo.cn' }, { cookie });
    expect(set.object).toEqual({ domain: 'www.bar-promo.cn', updateTime: '2026-03-02 10:00:00' });
    expect((await t.call(queryWebPromotionConfig, {}, { cookie })).object?.domain).toBe('www.bar-promo.cn');
    expect(
      (await t.call(queryWebPromotionConfig, {}, { cookie: await given.login(w.l2) })).object?.domain,
    ).toBeNull();

    expect((await t.call(getBarUserId, { netBarId: w.bar.id }, { cookie })).object).toEqual({
      netBarId: w.bar.id,
      barUserId: w.bar.barUserId,
    });
    expect((await t.call(getBarUserId, { netBarId: w.otherBar.id }, { cookie })).responseCode).toBe('1004');
  });
});
