import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  Codes,
  type IdPhotoKind,
  idPhotoUrl,
  type ListQueryOf,
  Messages,
  maskIdNumber,
  maskPhone,
  maskRealName,
  type RealNameRecord,
  RealNameRecordStatus,
  type RealNameReviewItem,
  type realNameReviewList,
} from '@agent-console/contract';
import type { Database, Tx } from '../../db/client';
import { lockKeys } from '../../db/locks';
import { AppError } from '../../shared/app-error';
import type { AuthContext } from '../../shared/auth-context';
import type { Clock } from '../../shared/clock';
import { isUniqueViolation } from '../../shared/db-errors';
import { randomToken } from '../../shared/hash';
import { formatChinaTime, hours } from '../../shared/time';
import type { DataCipher } from '../security/data-key';
import { GATE_MESSAGES, requirePhoneVerified } from '../security/gates';
import type { LogoMime } from '../settings/logo-image';
import type { SmsService } from '../sms/sms.service';
import type { UsersService } from '../users/users.service';
import { parseIdPhoto } from './id-photo';
import type { RealNameRepository, RealNameRow } from './real-name.repository';

export const REAL_NAME_MESSAGES = {
  verified: '实名认证已通过，不可修改',
  underReview: GATE_MESSAGES.realNameUnderReview,
  alreadySubmitted: '已提交过实名认证，请修改后重新提交',
  nothingToModify: '请先提交实名认证',
  idNumberTaken: '该身份证号已被其他账号认证',
  notUnderReview: '该认证不在审核中',
  recordNotFound: '认证记录不存在',
  tooManyUploads: '上传过于频繁，请稍后再试',
} as const;

export const ID_PHOTO_UPLOADS_PER_HOUR = 30;
/**
 * An uploaded photo no identity refers to is deleted after a day (ID photos are kept no longer
 * than needed). The dialog's photos live only while it is open, so a day is far beyond any use.
 */
export const ORPHAN_PHOTO_TTL_MS = hours(24);
const ORPHAN_PURGE_BATCH = 100;
const EXTENSIONS: Record<LogoMime, string> = { 'image/png': 'png', 'image/jpeg': 'jpg' };
const PHOTO_MISSING: Record<IdPhotoKind, string> = {
  front: Messages.idFrontRequired,
  back: Messages.idBackRequired,
  hold: Messages.idHoldRequired,
};

export interface IdentityInput {
  realName: string;
  idNo: string;
  idFaceFront: string;
  idFaceBack: string;
  idFaceHold: string;
}

export function createRealNameService(deps: {
  db: Database;
  repo: RealNameRepository;
  users: UsersService;
  sms: SmsService;
  cipher: DataCipher;
  clock: Clock;
  uploadDir: string;
}) {
  const { db, repo, users, sms, cipher, clock, uploadDir } = deps;
  const idNoMac = (idNo: string) => cipher.mac('id-number', idNo.toUpperCase());

  const toRecord = (r: RealNameRow): RealNameRecord => ({
    status: r.status,
    realName: maskRealName(cipher.decrypt(r.realNameEnc)),
    idNo: maskIdNumber(cipher.decrypt(r.idNoEnc)),
    idFaceFront: r.idFaceFront,
    idFaceBack: r.idFaceBack,
    idFaceHold: r.idFaceHold,
    rejectReason: r.rejectReason,
    submitTime: formatChinaTime(r.submittedAt),
    reviewTime: r.reviewedAt ? formatChinaTime(r.reviewedAt) : null,
  });

  /**
   * Writes the photo's file, then its row in a transaction that first runs `guard` (the upload
   * limit, under its lock); when the row is not written the file is removed again.
   */
  async function storePhoto(
    accountId: number,
    kind: IdPhotoKind,
    bytes: Buffer,
    mime: LogoMime,
    guard: (tx: Tx) => Promise<void> = async () => {},
  ) {
    const fileId = randomToken(18);
    const storedName = `${randomToken(24)}.${EXTENSIONS[mime]}`;
    const path = join(uploadDir, storedName);
    await mkdir(uploadDir, { recursive: true, mode: 0o700 });
    await writeFile(path, bytes, { mode: 0o600, flag: 'wx' });
    try {
      await db.transaction(async (tx) => {
        await guard(tx);
        await repo.insertPhoto({
          id: fileId,
          accountId,
          kind,
          mime,
          size: bytes.length,
          storedName,
          createdAt: clock(),
        });
      });
    } catch (err) {
      await rm(path, { force: true });
      throw err;
    }
    return { fileId, url: idPhotoUrl(fileId) };
  }

  /** Deletes old unreferenced photos, rows first: a file left by a crash is unreachable anyway. */
  async function purgeOrphanPhotos(): Promise<void> {
    const orphans = await repo.orphanPhotosBefore(
      new Date(clock().getTime() - ORPHAN_PHOTO_TTL_MS),
      ORPHAN_PURGE_BATCH,
    );
    if (!orphans.length) return;
    await repo.deletePhotos(orphans.map((o) => o.id));
    await Promise.all(orphans.map((o) => rm(join(uploadDir, o.storedName), { force: true })));
  }

  /** The photos must be the caller's own uploads, each of its kind. */
  async function checkPhotos(accountId: number, input: IdentityInput): Promise<void> {
    const wanted: [IdPhotoKind, string][] = [
      ['front', input.idFaceFront],
      ['back', input.idFaceBack],
      ['hold', input.idFaceHold],
    ];
    for (const [kind, fileId] of wanted) {
      const photo = await repo.findPhoto(fileId);
      if (!photo || photo.accountId !== accountId || photo.kind !== kind)
        throw new AppError(Codes.INVALID_PARAMS, PHOTO_MISSING[kind]);
    }
  }

  /** Writes the identity (new, or over a rejected one) with the given status. */
  async function record(
    accountId: number,
    input: IdentityInput,
    status: number,
    existing: RealNameRow | null,
  ) {
    const values = {
      status,
      realNameEnc: cipher.encrypt(input.realName.trim()),
      idNoEnc: cipher.encrypt(input.idNo.trim().toUpperCase()),
      idNoHmac: idNoMac(input.idNo.trim()),
      idFaceFront: input.idFaceFront,
      idFaceBack: input.idFaceBack,
      idFaceHold: input.idFaceHold,
      rejectReason: null,
      submittedAt: clock(),
      reviewedAt: null,
      reviewerId: null,
    };
    try {
      if (!existing) return await repo.insert({ accountId, ...values });
      const updated = await repo.update(existing.id, values, RealNameRecordStatus.REJECTED);
      if (!updated) throw new AppError(Codes.INVALID_STATE, REAL_NAME_MESSAGES.underReview);
      return updated;
    } catch (err) {
      if (isUniqueViolation(err)) throw new AppError(Codes.DUPLICATE, REAL_NAME_MESSAGES.idNumberTaken);
      throw err;
    }
  }

  return {
    async uploadPhoto(caller: AuthContext, kind: IdPhotoKind, dataUrl: string) {
      const { bytes, mime } = parseIdPhoto(dataUrl);
      // The hourly limit is counted and the row written under the account's lock: parallel
      // uploads count one another.
      const stored = await storePhoto(caller.accountId, kind, bytes, mime, async (tx) => {
        await lockKeys(tx, [`id-photo-upload:${caller.accountId}`]);
        const since = new Date(clock().getTime() - hours(1));
        if ((await repo.countPhotosSince(caller.accountId, since)) >= ID_PHOTO_UPLOADS_PER_HOUR)
          throw new AppError(Codes.TOO_MANY_REQUESTS, REAL_NAME_MESSAGES.tooManyUploads);
      });
      await purgeOrphanPhotos();
      return stored;
    },

    /** A photo's bytes, for its owner and the operator only; anyone else learns nothing (404). */
    async photo(caller: AuthContext, fileId: string): Promise<{ bytes: Buffer; mime: string }> {
      const photo = fileId.length <= 64 ? await repo.findPhoto(fileId) : null;
      if (!photo || (photo.accountId !== caller.accountId && caller.subject.agentLevel !== 0))
        throw new AppError(Codes.NOT_FOUND, undefined, { httpStatus: 404 });
      return { bytes: await readFile(join(uploadDir, photo.storedName)), mime: photo.mime };
    },

    async personalInfo(accountId: number): Promise<RealNameRecord | null> {
      const row = await repo.findByAccount(accountId);
      return row ? toRecord(row) : null;
    },

    /** The whole real name of a verified identity (the withdraw account must carry it), else null. */
    async verifiedRealName(accountId: number): Promise<string | null> {
      const row = await repo.findByAccount(accountId);
      return row?.status === RealNameRecordStatus.VERIFIED ? cipher.decrypt(row.realNameEnc) : null;
    },

    /** The status of spec section 4 (0 under review, 1 verified, 2 rejected), null without a record. */
    async statusOf(accountId: number): Promise<number | null> {
      return (await repo.findByAccount(accountId))?.status ?? null;
    },

    /**
     * Submits the identity: 'add' the first time (no record), 'modify' only after a rejection. The
     * REAL_NAME code is checked after everything else, so a refused submission keeps the code.
     */
    async submit(caller: AuthContext, input: IdentityInput & { smsCode: string }, mode: 'add' | 'modify') {
      const account = await users.findById(caller.accountId);
      if (!account) throw new AppError(Codes.NOT_LOGGED_IN);
      requirePhoneVerified(caller, account);
      const existing = await repo.findByAccount(account.id);
      if (existing?.status === RealNameRecordStatus.VERIFIED)
        throw new AppError(Codes.INVALID_STATE, REAL_NAME_MESSAGES.verified);
      if (existing?.status === RealNameRecordStatus.UNDER_REVIEW)
        throw new AppError(Codes.INVALID_STATE, REAL_NAME_MESSAGES.underReview);
      if (mode === 'add' && existing)
        throw new AppError(Codes.INVALID_STATE, REAL_NAME_MESSAGES.alreadySubmitted);
      if (mode === 'modify' && !existing)
        throw new AppError(Codes.INVALID_STATE, REAL_NAME_MESSAGES.nothingToModify);
      await checkPhotos(account.id, input);
      if (await repo.idNumberTakenByOther(idNoMac(input.idNo.trim()), account.id))
        throw new AppError(Codes.DUPLICATE, REAL_NAME_MESSAGES.idNumberTaken);
      await sms.consume(account.mobilePhone, 'REAL_NAME', input.smsCode);
      return toRecord(await record(account.id, input, RealNameRecordStatus.UNDER_REVIEW, existing));
    },

    /** Demo seeding: stores photos and an identity under review, as a submission would (no SMS). */
    async seedSubmission(
      accountId: number,
      input: {
        realName: string;
        idNo: string;
        photos: Record<IdPhotoKind, { bytes: Buffer; mime: LogoMime }>;
      },
    ): Promise<number> {
      const front = await storePhoto(accountId, 'front', input.photos.front.bytes, input.photos.front.mime);
      const back = await storePhoto(accountId, 'back', input.photos.back.bytes, input.photos.back.mime);
      const hold = await storePhoto(accountId, 'hold', input.photos.hold.bytes, input.photos.hold.mime);
      const row = await record(
        accountId,
        {
          realName: input.realName,
          idNo: input.idNo,
          idFaceFront: front.fileId,
          idFaceBack: back.fileId,
          idFaceHold: hold.fileId,
        },
        RealNameRecordStatus.UNDER_REVIEW,
        null,
      );
      return row.id;
    },

    async reviewPage(
      query: ListQueryOf<typeof realNameReviewList>,
      page: { pageNum: number; pageSize: number },
    ): Promise<{ items: RealNameReviewItem[]; total: number }> {
      const { rows, total } = await repo.reviewPage(
        { status: query.status, mobilePhone: query.mobilePhone || undefined, order: query.order ?? 'desc' },
        page,
      );
      return {
        total,
        items: rows.map(({ record: r, mobilePhone, agentName, agentLevel }) => ({
          id: r.id,
          userId: r.accountId,
          agentName,
          agentLevel,
          mobilePhone: maskPhone(mobilePhone),
          realName: cipher.decrypt(r.realNameEnc),
          idNo: cipher.decrypt(r.idNoEnc),
          idFaceFront: r.idFaceFront,
          idFaceBack: r.idFaceBack,
          idFaceHold: r.idFaceHold,
          status: r.status,
          rejectReason: r.rejectReason,
          submitTime: formatChinaTime(r.submittedAt),
          reviewTime: r.reviewedAt ? formatChinaTime(r.reviewedAt) : null,
        })),
      };
    },

    async approve(reviewerId: number, id: number): Promise<boolean> {
      return review(id, { status: RealNameRecordStatus.VERIFIED, reviewerId, rejectReason: null });
    },
    async reject(reviewerId: number, id: number, reason: string): Promise<boolean> {
      return review(id, { status: RealNameRecordStatus.REJECTED, reviewerId, rejectReason: reason.trim() });
    },
  };

  async function review(
    id: number,
    patch: { status: number; reviewerId: number; rejectReason: string | null },
  ): Promise<boolean> {
    return db.transaction(async () => {
      const existing = await repo.findById(id);
      if (!existing) throw new AppError(Codes.NOT_FOUND, REAL_NAME_MESSAGES.recordNotFound);
      const updated = await repo.update(
        id,
        { ...patch, reviewedAt: clock() },
        RealNameRecordStatus.UNDER_REVIEW,
      );
      if (!updated) throw new AppError(Codes.INVALID_STATE, REAL_NAME_MESSAGES.notUnderReview);
      return true;
    });
  }
}

export type RealNameService = ReturnType<typeof createRealNameService>;
