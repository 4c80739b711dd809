import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  addUserRealAuthPersonal,
  approveRealName,
  IMAGE_MAX_BYTES,
  modifyUserRealAuthPersonal,
  queryRealNameReviews,
  queryUserInfo,
  realAuthPersonalInfo,
  rejectRealName,
  uploadIdPhoto,
} from '@agent-console/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_DATA_KEY, useTestApp } from '../../../test/build-test-app';
import { demoIdNumber, demoPng } from '../../demo/seed-onboarding';
import { hours, minutes } from '../../shared/time';
import { createDataCipher } from '../security/data-key';
import { codeFor, wrongCode } from '../sms/sms.test-kit';
import { ID_PHOTO_UPLOADS_PER_HOUR } from './real-name.service';

const t = useTestApp();
const OPERATOR = '13800000000';
const FULL = '13800000001';
const REVIEW = '13800000002';
const CITY = '13800000003';
const FRESH = '13800000004';
const NAME = '欧阳娜娜';
const ID_NO = demoIdNumber(500);

const PNG = demoPng([10, 20, 30]);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF'),
  Buffer.alloc(64),
]);
const dataUrl = (bytes: Buffer, mime = 'image/png') => `data:${mime};base64,${bytes.toString('base64')}`;
const upload = (cookie: string, kind: 'front' | 'back' | 'hold', url = dataUrl(PNG), fileName = 'id.png') =>
  t.call(uploadIdPhoto, { kind, fileName, dataUrl: url }, { cookie });
const getPhoto = (url: string, cookie?: string) =>
  t.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function photos(cookie: string) {
  const ids: Record<string, string> = {};
  for (const kind of ['front', 'back', 'hold'] as const) {
    const res = await upload(cookie, kind);
    ids[kind] = res.object?.fileId ?? '';
  }
  return { idFaceFront: ids.front ?? '', idFaceBack: ids.back ?? '', idFaceHold: ids.hold ?? '' };
}

async function submission(cookie: string, phone: string, overrides: Record<string, string> = {}) {
  const smsCode = await codeFor(t, cookie, 'REAL_NAME', phone);
  return { realName: NAME, idNo: ID_NO, ...(await photos(cookie)), smsCode, ...overrides };
}

describe('POST /api/realAuth/uploadIdPhoto', () => {
  it('stores a PNG and a JPEG under generated names, served to the owner', async () => {
    const cookie = await t.login(CITY);
    const png = await upload(cookie, 'front');
    expect(png.responseCode).toBe('0000');
    expect(png.object?.url).toBe(`/api/realAuth/photo/${png.object?.fileId}`);
    const jpeg = await upload(cookie, 'back', dataUrl(JPEG, 'image/jpeg'), 'back.jpeg');
    expect(jpeg.responseCode).toBe('0000');
    const rows = await t.rows(sql`select * from id_photos where account_id = 10003`);
    expect(rows.map((r) => r.mime).sort()).toEqual(['image/jpeg', 'image/png']);
    for (const r of rows) {
      expect(String(r.stored_name)).toMatch(/^[A-Za-z0-9_-]{32}\.(png|jpg)$/);
      expect(r.account_id).toBe(10003);
    }
    const served = await getPhoto(png.object?.url ?? '', cookie);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('private, no-store');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('judges by content: a renamed HTML file is refused and nothing is stored', async () => {
    const cookie = await t.login(CITY);
    const before = await t.snapshot();
    const html = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
    const res = await upload(cookie, 'front', dataUrl(html, 'image/png'), 'photo.png');
    expect(res).toMatchObject({ responseCode: '1000', responseMsg: '上传截图仅支持JPG、JPEG、PNG格式！' });
    const gif = await upload(
      cookie,
      'front',
      dataUrl(Buffer.from(`GIF89a${'x'.repeat(40)}`), 'image/gif'),
      'a.jpg',
    );
    expect(gif.responseMsg).toBe('上传截图仅支持JPG、JPEG、PNG格式！');
    const notDataUrl = await upload(cookie, 'front', 'https://example.com/a.png');
    expect(notDataUrl.responseMsg).toBe('上传截图仅支持JPG、JPEG、PNG格式！');
    expect(await t.snapshot()).toEqual(before);
  });

  it('accepts a PNG whose name says otherwise (the content decides)', async () => {
    const cookie = await t.login(CITY);
    expect(
      (await upload(cookie, 'hold', dataUrl(PNG, 'application/octet-stream'), 'scan.txt')).responseCode,
    ).toBe('0000');
  });

  it('accepts 10 MB minus one byte and refuses 10 MB', async () => {
    const cookie = await t.login(CITY);
    const sized = (n: number) => Buffer.concat([PNG, Buffer.alloc(n - PNG.length)]);
    expect((await upload(cookie, 'front', dataUrl(sized(IMAGE_MAX_BYTES - 1)))).responseCode).toBe('0000');
    const before = await t.snapshot();
    const res = await upload(cookie, 'front', dataUrl(sized(IMAGE_MAX_BYTES)));
    expect(res).toMatchObject({ responseCode: '1000', responseMsg: '上传截图大小不能超过 10MB!' });
    const bigger = await upload(cookie, 'front', dataUrl(sized(IMAGE_MAX_BYTES + 40_000)));
    expect(bigger).toMatchObject({ responseCode: '1000', responseMsg: '上传截图大小不能超过 10MB!' });
    expect(await t.snapshot()).toEqual(before);
  }, 60_000);

  it('answers 9996 without a session', async () => {
    expect(
      (await t.call(uploadIdPhoto, { kind: 'front', fileName: 'a.png', dataUrl: dataUrl(PNG) })).responseCode,
    ).toBe('9996');
  });

  it(`takes at most ${ID_PHOTO_UPLOADS_PER_HOUR} uploads an hour per account, even when the last ones arrive together`, async () => {
    const cookie = await t.login(CITY);
    const [account] = await t.rows(sql`select id from accounts where mobile_phone = ${CITY}`);
    const at = t.clock.now();
    // All but three of the hour's uploads are used.
    for (let i = 0; i < ID_PHOTO_UPLOADS_PER_HOUR - 3; i++)
      await t.rows(sql`insert into id_photos (id, account_id, kind, mime, size, stored_name, created_at)
        values (${`past${i}`}, ${account?.id}, 'front', 'image/png', 1, ${`past${i}.png`}, ${at})`);
    const files = () => (existsSync(t.config.uploadDir) ? readdirSync(t.config.uploadDir).length : 0);
    const filesBefore = files();
    const replies = await Promise.all(Array.from({ length: 8 }, () => upload(cookie, 'front')));
    const codes = replies.map((r) => r.responseCode);
    expect(codes.filter((c) => c === '0000')).toHaveLength(3);
    expect(replies.filter((r) => r.responseCode === '1029').map((r) => r.responseMsg)).toEqual(
      Array(5).fill('上传过于频繁，请稍后再试'),
    );
    const [count] = await t.rows(
      sql`select count(*)::int as n from id_photos where account_id = ${account?.id}`,
    );
    expect(count?.n).toBe(ID_PHOTO_UPLOADS_PER_HOUR);
    // The refused uploads left no file behind.
    expect(files()).toBe(filesBefore + 3);
  });
});

describe('GET /api/realAuth/photo/{fileId}', () => {
  it('serves a photo to its owner and the operator only', async () => {
    const owner = await t.login(CITY);
    const url = (await upload(owner, 'front')).object?.url ?? '';
    expect((await getPhoto(url, await t.login(OPERATOR))).statusCode).toBe(200);
    const stranger = await getPhoto(url, await t.login(FULL));
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ responseCode: '1004' });
    expect((await getPhoto(url)).json()).toMatchObject({ responseCode: '9996' });
    expect((await getPhoto('/api/realAuth/photo/unknown', owner)).statusCode).toBe(404);
  });
});

describe('photos no identity uses', () => {
  const storedName = async (fileId: string) => {
    const [row] = await t.rows(sql`select stored_name from id_photos where id = ${fileId}`);
    return row ? String(row.stored_name) : null;
  };
  const fileExists = (name: string) => existsSync(join(t.config.uploadDir, name));

  it('are deleted, row and file, once a day old; the photos of identities stay', async () => {
    let cookie = await t.login(CITY);
    const body = await submission(cookie, CITY);
    expect((await t.call(addUserRealAuthPersonal, body, { cookie })).responseCode).toBe('0000');
    const stray = (await upload(cookie, 'front')).object?.fileId ?? '';
    const strayFile = (await storedName(stray)) ?? '';
    expect(fileExists(strayFile)).toBe(true);
    const seeded = await t.rows(sql`select id from id_photos where account_id <> 10003`);
    expect(seeded.length).toBeGreaterThan(0);

    // Exactly a day old: still kept (the next upload purges).
    t.clock.advance(hours(24));
    cookie = await t.login(CITY);
    await upload(cookie, 'back');
    expect(await storedName(stray)).toBe(strayFile);
    expect(fileExists(strayFile)).toBe(true);

    t.clock.advance(minutes(1));
    cookie = await t.login(CITY);
    const fresh = (await upload(cookie, 'hold')).object?.fileId ?? '';
    expect(await storedName(stray)).toBeNull();
    expect(fileExists(strayFile)).toBe(false);
    expect((await getPhoto(`/api/realAuth/photo/${stray}`, cookie)).statusCode).toBe(404);
    const kept = await t.rows(sql`select id, stored_name from id_photos`);
    for (const row of kept) expect(fileExists(String(row.stored_name))).toBe(true);
    for (const id of [body.idFaceFront, body.idFaceBack, body.idFaceHold, fresh])
      expect((await getPhoto(`/api/realAuth/photo/${id}`, cookie)).statusCode).toBe(200);
    expect(kept.map((r) => r.id)).toEqual(expect.arrayContaining(seeded.map((r) => r.id)));
  });
});

describe('identity submission', () => {
  it('adds the first submission under review, masked, encrypted at rest (task 3 done)', async () => {
    const cookie = await t.login(CITY);
    const res = await t.call(addUserRealAuthPersonal, await submission(cookie, CITY), { cookie });
    expect(res.responseCode).toBe('0000');
    expect(res.object).toMatchObject({
      status: 0,
      realName: '*娜',
      idNo: `${ID_NO.slice(0, 4)}**********${ID_NO.slice(-4)}`,
      rejectReason: null,
      submitTime: '2026-03-02 10:00:00',
      reviewTime: null,
    });
    expect((await t.call(realAuthPersonalInfo, {}, { cookie })).object).toEqual(res.object);
    expect((await t.call(queryUserInfo, {}, { cookie })).object?.realNameStatus).toBe(0);
    const [raw] = await t.rows(sql`select * from real_name_records where account_id = 10003`);
    const text = JSON.stringify(raw);
    expect(text).not.toContain(NAME);
    expect(text).not.toContain(ID_NO);
    expect(text).not.toContain(ID_NO.slice(6, 14));
    const cipher = createDataCipher(Buffer.from(TEST_DATA_KEY, 'base64'));
    expect(cipher.decrypt(String(raw?.real_name_enc))).toBe(NAME);
    expect(cipher.decrypt(String(raw?.id_no_enc))).toBe(ID_NO);
  });

  it('answers null before any submission', async () => {
    const cookie = await t.login(CITY);
    expect((await t.call(realAuthPersonalInfo, {}, { cookie })).object).toBeNull();
  });

  it('refuses a verified identity, one under review, and modify without a rejection; changes nothing', async () => {
    const full = await t.login(FULL);
    const body = await submission(full, FULL);
    const before = await t.snapshot();
    expect(await t.call(addUserRealAuthPersonal, body, { cookie: full })).toMatchObject({
      responseMsg: '实名认证已通过，不可修改',
    });
    expect(await t.call(modifyUserRealAuthPersonal, body, { cookie: full })).toMatchObject({
      responseMsg: '实名认证已通过，不可修改',
    });
    expect(await t.snapshot()).toEqual(before);

    t.clock.advance(minutes(1));
    const review = await t.login(REVIEW);
    const reviewBody = await submission(review, REVIEW);
    const before2 = await t.snapshot();
    expect(await t.call(modifyUserRealAuthPersonal, reviewBody, { cookie: review })).toMatchObject({
      responseMsg: '实名认证审核中，请审核通过后再试',
    });
    expect(await t.snapshot()).toEqual(before2);

    const city = await t.login(CITY);
    const cityBody = await submission(city, CITY);
    expect(await t.call(modifyUserRealAuthPersonal, cityBody, { cookie: city })).toMatchObject({
      responseMsg: '请先提交实名认证',
    });
    // The refused call left the code alone: the add goes through with it.
    expect((await t.call(addUserRealAuthPersonal, cityBody, { cookie: city })).responseCode).toBe('0000');
  });

  it('asks to verify the phone first, before anything else', async () => {
    const cookie = await t.login(FRESH);
    const body = { realName: NAME, idNo: ID_NO, ...(await photos(cookie)), smsCode: '123456' };
    const before = await t.snapshot();
    expect(await t.call(addUserRealAuthPersonal, body, { cookie })).toMatchObject({
      responseCode: '4003',
      responseMsg: '请先验证手机号',
    });
    expect(await t.snapshot()).toEqual(before);
  });

  it.each([
    ['a missing name', { realName: '' }, '请输入姓名'],
    ['a name over 10 characters', { realName: '一二三四五六七八九十壹' }, '姓名最多10个字'],
    ['a missing ID number', { idNo: '' }, '请输入身份证号'],
    [
      'a wrong check digit',
      { idNo: `${ID_NO.slice(0, 17)}${ID_NO.endsWith('0') ? '1' : '0'}` },
      '请输入正确的身份证号',
    ],
    ['a missing front photo', { idFaceFront: '' }, '请上传身份证正面照片'],
    ['a missing hand-held photo', { idFaceHold: '' }, '请上传手持身份证照片'],
    ['a missing SMS code', { smsCode: '' }, '请输入短信验证码'],
  ])('refuses %s with the spec message and changes nothing', async (_name, override, message) => {
    const cookie = await t.login(CITY);
    const body = await submission(cookie, CITY, override);
    const before = await t.snapshot();
    expect(await t.callUnchecked(addUserRealAuthPersonal, body, { cookie })).toMatchObject({
      responseCode: '1000',
      responseMsg: message,
    });
    expect(await t.snapshot()).toEqual(before);
  });

  it("refuses someone else's photo or a photo of the wrong kind", async () => {
    const other = await t.login(FRESH);
    const foreign = (await upload(other, 'back')).object?.fileId ?? '';
    const cookie = await t.login(CITY);
    const body = await submission(cookie, CITY);
    expect(await t.call(addUserRealAuthPersonal, { ...body, idFaceBack: foreign }, { cookie })).toMatchObject(
      {
        responseMsg: '请上传身份证反面照片',
      },
    );
    expect(
      await t.call(addUserRealAuthPersonal, { ...body, idFaceFront: body.idFaceBack }, { cookie }),
    ).toMatchObject({ responseMsg: '请上传身份证正面照片' });
    expect(await t.rows(sql`select id from real_name_records where account_id = 10003`)).toEqual([]);
  });

  it('refuses a wrong SMS code and keeps nothing', async () => {
    const cookie = await t.login(CITY);
    const body = await submission(cookie, CITY);
    expect(
      await t.call(addUserRealAuthPersonal, { ...body, smsCode: wrongCode(body.smsCode) }, { cookie }),
    ).toMatchObject({ responseMsg: '验证码错误' });
    expect(await t.rows(sql`select id from real_name_records where account_id = 10003`)).toEqual([]);
  });

  it('lets one ID number stand behind one account only', async () => {
    const city = await t.login(CITY);
    expect(
      (await t.call(addUserRealAuthPersonal, await submission(city, CITY), { cookie: city })).responseCode,
    ).toBe('0000');
    await t.rows(sql`update accounts set phone_verified_at = now() where mobile_phone = ${FRESH}`);
    const fresh = await t.login(FRESH);
    const res = await t.call(addUserRealAuthPersonal, await submission(fresh, FRESH), { cookie: fresh });
    expect(res).toMatchObject({ responseCode: '4001', responseMsg: '该身份证号已被其他账号认证' });
  });
});

describe('operator review', () => {
  const reviewIdOf = async (accountId: number) =>
    Number((await t.rows(sql`select id from real_name_records where account_id = ${accountId}`))[0]?.id);

  it('lists submissions with the whole name and ID number, filtered by status', async () => {
    const cookie = await t.login(OPERATOR);
    const pending = await t.call(queryRealNameReviews, { pageNum: 1, pageSize: 30, status: 0 }, { cookie });
    expect(pending.responseCode).toBe('0000');
    expect(pending.object?.every((r) => r.status === 0)).toBe(true);
    const item = pending.object?.find((r) => r.userId === 10002);
    expect(item).toMatchObject({ agentLevel: 2, mobilePhone: '138****0002', status: 0 });
    expect(item?.idNo).toMatch(/^\d{17}[\dX]$/);
    expect(item?.realName.startsWith('*')).toBe(false);
    const byPhone = await t.call(
      queryRealNameReviews,
      { pageNum: 1, pageSize: 30, mobilePhone: '13800000002' },
      { cookie },
    );
    expect(byPhone.object?.map((r) => r.userId)).toEqual([10002]);
    expect(byPhone.totalCount).toBe(1);
  });

  it('approves: the agent becomes verified', async () => {
    const cookie = await t.login(OPERATOR);
    const id = await reviewIdOf(10002);
    expect((await t.call(approveRealName, { id }, { cookie })).object).toBe(true);
    const agent = await t.login(REVIEW);
    expect((await t.call(realAuthPersonalInfo, {}, { cookie: agent })).object).toMatchObject({
      status: 1,
      reviewTime: '2026-03-02 10:00:00',
    });
    expect((await t.call(queryUserInfo, {}, { cookie: agent })).object?.realNameStatus).toBe(1);
    expect(await t.call(approveRealName, { id }, { cookie })).toMatchObject({
      responseMsg: '该认证不在审核中',
    });
  });

  it('rejects with a reason the agent sees, who may then modify and resubmit', async () => {
    const cookie = await t.login(OPERATOR);
    const id = await reviewIdOf(10002);
    expect((await t.call(rejectRealName, { id, reason: '手持照片不清晰' }, { cookie })).object).toBe(true);
    const agent = await t.login(REVIEW);
    expect((await t.call(realAuthPersonalInfo, {}, { cookie: agent })).object).toMatchObject({
      status: 2,
      rejectReason: '手持照片不清晰',
    });
    const body = await submission(agent, REVIEW);
    expect(await t.call(addUserRealAuthPersonal, body, { cookie: agent })).toMatchObject({
      responseMsg: '已提交过实名认证，请修改后重新提交',
    });
    const res = await t.call(modifyUserRealAuthPersonal, body, { cookie: agent });
    expect(res.object).toMatchObject({ status: 0, rejectReason: null, realName: '*娜' });
  });

  it('refuses an empty reason, an unknown id, and callers below level 0; changes nothing', async () => {
    const cookie = await t.login(OPERATOR);
    const id = await reviewIdOf(10002);
    const agent = await t.login(FULL);
    const before = await t.snapshot();
    expect(await t.callUnchecked(rejectRealName, { id, reason: ' ' }, { cookie })).toMatchObject({
      responseMsg: '请输入驳回原因',
    });
    expect(await t.call(approveRealName, { id: 999999 }, { cookie })).toMatchObject({
      responseMsg: '认证记录不存在',
    });
    expect((await t.call(approveRealName, { id }, { cookie: agent })).responseCode).toBe('1003');
    expect(
      (await t.call(queryRealNameReviews, { pageNum: 1, pageSize: 30 }, { cookie: agent })).responseCode,
    ).toBe('1003');
    expect(await t.snapshot()).toEqual(before);
  });
});
