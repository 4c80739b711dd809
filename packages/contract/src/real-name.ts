import * as z from 'zod/mini';
import { SIGNED_IN } from './access';
import { IMAGE_MAX_BYTES } from './constants';
import { EmptyRequest, endpoint } from './endpoint';
import { defineList, listEndpoint } from './list';
import { OPERATOR_ACCESS } from './roles';
import { Id, IdNumber, Messages, RealName, SmsCode } from './validators';

/** Image types accepted for ID photos (spec section 5), checked by content on the server. */
export const ID_PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export const ID_PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
export const IdPhotoKind = z.enum(['front', 'back', 'hold']);
export type IdPhotoKind = z.infer<typeof IdPhotoKind>;

/**
 * An ID photo travels as a base64 data URL inside the JSON body (every call is JSON, spec section 7).
 * The server decodes it and checks the bytes: JPEG or PNG by magic number, under 10 MB.
 */
export const uploadIdPhoto = endpoint({
  path: '/api/realAuth/uploadIdPhoto',
  access: SIGNED_IN,
  request: z.strictObject({
    kind: IdPhotoKind,
    fileName: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
    dataUrl: z
      .string()
      .check(
        z.minLength(1, Messages.idFrontRequired),
        z.maxLength(Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 128, Messages.imageSize),
      ),
  }),
  object: z.object({
    /** Opaque id to put in the identity form. */
    fileId: z.string(),
    /** Where the owner (and the operator) can view it. */
    url: z.string(),
  }),
});

/** Spec section 4: 0 under review, 1 verified, 2 rejected (any value other than 0 and 1 is "not done"). */
export const RealNameRecordStatus = { UNDER_REVIEW: 0, VERIFIED: 1, REJECTED: 2 } as const;

export const RealNameRecord = z.object({
  status: z.int(),
  /** Masked: '*' + last character. */
  realName: z.string(),
  /** Masked: 1101**********002X. */
  idNo: z.string(),
  idFaceFront: z.string(),
  idFaceBack: z.string(),
  idFaceHold: z.string(),
  /** Why the operator rejected it, when status is 2. */
  rejectReason: z.nullable(z.string()),
  submitTime: z.string(),
  reviewTime: z.nullable(z.string()),
});
export type RealNameRecord = z.infer<typeof RealNameRecord>;

export const realAuthPersonalInfo = endpoint({
  path: '/api/realAuth/realAuthPersonalInfo',
  access: SIGNED_IN,
  request: EmptyRequest,
  object: z.nullable(RealNameRecord),
});

export const RealNameSubmission = z.strictObject({
  realName: RealName,
  idNo: IdNumber,
  idFaceFront: z
    .string({ error: Messages.idFrontRequired })
    .check(z.minLength(1, Messages.idFrontRequired), z.maxLength(64)),
  idFaceBack: z
    .string({ error: Messages.idBackRequired })
    .check(z.minLength(1, Messages.idBackRequired), z.maxLength(64)),
  idFaceHold: z
    .string({ error: Messages.idHoldRequired })
    .check(z.minLength(1, Messages.idHoldRequired), z.maxLength(64)),
  smsCode: SmsCode,
});
export type RealNameSubmission = z.input<typeof RealNameSubmission>;

/** First submission (or when no status exists). */
export const addUserRealAuthPersonal = endpoint({
  path: '/api/realAuth/addUserRealAuthPersonal',
  access: SIGNED_IN,
  request: RealNameSubmission,
  object: RealNameRecord,
});
/** Resubmission after a rejection. A verified identity cannot be changed; one under review waits. */
export const modifyUserRealAuthPersonal = endpoint({
  path: '/api/realAuth/modifyUserRealAuthPersonal',
  access: SIGNED_IN,
  request: RealNameSubmission,
  object: RealNameRecord,
});

// ---- the operator's review (level 0) ----

export const RealNameReviewItem = z.object({
  id: z.int(),
  userId: z.int(),
  agentName: z.string(),
  agentLevel: z.int(),
  /** Masked phone. */
  mobilePhone: z.string(),
  /** Whole: the reviewer compares them with the photos. */
  realName: z.string(),
  idNo: z.string(),
  idFaceFront: z.string(),
  idFaceBack: z.string(),
  idFaceHold: z.string(),
  status: z.int(),
  rejectReason: z.nullable(z.string()),
  submitTime: z.string(),
  reviewTime: z.nullable(z.string()),
});
export type RealNameReviewItem = z.infer<typeof RealNameReviewItem>;

/** The operator's identity review: every submission, newest first (level 0 only: no owner to scope by). */
export const realNameReviewList = defineList({
  filters: {
    status: z.optional(z.union([z.literal(0), z.literal(1), z.literal(2)])),
    /** Part of the phone. */
    mobilePhone: z.optional(z.string().check(z.trim(), z.maxLength(11))),
  },
  row: RealNameReviewItem,
  sort: ['submitTime'],
  defaultSort: { field: 'submitTime', order: 'desc' },
  owner: null,
});

export const queryRealNameReviews = listEndpoint({
  path: '/api/realAuth/review/queryPage',
  list: realNameReviewList,
  access: OPERATOR_ACCESS,
});

export const approveRealName = endpoint({
  path: '/api/realAuth/review/approve',
  access: OPERATOR_ACCESS,
  request: z.strictObject({ id: Id }),
  object: z.boolean(),
});

export const rejectRealName = endpoint({
  path: '/api/realAuth/review/reject',
  access: OPERATOR_ACCESS,
  request: z.strictObject({
    id: Id,
    reason: z
      .string()
      .check(z.trim(), z.minLength(1, '请输入驳回原因'), z.maxLength(100, '驳回原因最多100个字')),
  }),
  object: z.boolean(),
});

// ---- the SMS outbox (level 0): the default SMS provider's delivery, readable in the console ----

export const SmsOutboxItem = z.object({
  id: z.int(),
  mobilePhone: z.string(),
  smsTypeCode: z.string(),
  content: z.string(),
  createTime: z.string(),
});
export type SmsOutboxItem = z.infer<typeof SmsOutboxItem>;

/** The built-in SMS provider's deliveries, newest first (level 0 only). */
export const smsOutboxList = defineList({
  filters: {
    /** Part of the phone. */
    mobilePhone: z.optional(z.string().check(z.trim(), z.maxLength(11))),
  },
  row: SmsOutboxItem,
  sort: ['createTime'],
  defaultSort: { field: 'createTime', order: 'desc' },
  owner: null,
});

export const querySmsOutbox = listEndpoint({
  path: '/api/sms/outbox/queryPage',
  list: smsOutboxList,
  access: OPERATOR_ACCESS,
});

/**
 * Where an ID photo is viewed (GET with the session cookie, so an <img> can show it): its owner and
 * the operator only. Records carry the photos' file ids; this makes them addresses.
 */
export const ID_PHOTO_PATH = '/api/realAuth/photo';
export const idPhotoUrl = (fileId: string): string => `${ID_PHOTO_PATH}/${encodeURIComponent(fileId)}`;
