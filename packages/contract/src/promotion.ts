import * as z from 'zod/mini';
import { SIGNED_IN } from './access';
import { EmptyRequest, endpoint } from './endpoint';
import { defineList, exportEndpoint, FilterTime, listEndpoint, totalsEndpoint } from './list';
import { NonNegativeFen } from './money';
import { Id } from './validators';

/**
 * Promotion (issue 9, spec sections 2, 3 and 7): the client promotion channels of /net-bar-mgt
 * (`/api/channel/...`) and the web promotion net bar list of /web-mgt with the agent's promotion
 * domain. docs/domain.md#promotion-channels-and-web-promotion-issue-9 holds the decisions.
 */

export const CHANNEL_KIND_VALUES = ['client', 'web'] as const;
export type ChannelKind = (typeof CHANNEL_KIND_VALUES)[number];
export const ChannelKindLabels: Readonly<Record<ChannelKind, string>> = {
  client: '客户端渠道',
  web: '网页渠道',
};

export const APPLY_STATE_VALUES = ['applied', 'passed', 'rejected'] as const;
export type ApplyState = (typeof APPLY_STATE_VALUES)[number];
export const ApplyStateLabels: Readonly<Record<ApplyState, string>> = {
  applied: '待审核',
  passed: '已通过',
  rejected: '已驳回',
};

export const PACKING_STATE_VALUES = ['none', 'queued', 'packing', 'done', 'failed'] as const;
export type PackingState = (typeof PACKING_STATE_VALUES)[number];
export const PackingStateLabels: Readonly<Record<PackingState, string>> = {
  none: '未打包',
  queued: '排队中',
  packing: '打包中',
  done: '已完成',
  failed: '打包失败',
};

/** The validation messages of the channel forms (the spec's style: 请输入…). */
export const ChannelMessages = {
  nameRequired: '请输入渠道名称',
  nameTooLong: '渠道名称最多50个字',
  netBarRequired: '请选择网吧',
  domainRequired: '请输入推广域名',
  domainInvalid: '请输入正确的域名',
  remarkTooLong: '备注最多200个字',
} as const;

const HOSTNAME_RE = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** A host name: lower-case labels of letters, digits and inner hyphens, a letter TLD; no scheme, port or path. */
export const isValidHostname = (value: string): boolean => HOSTNAME_RE.test(value);

export const Hostname = z
  .string({ error: ChannelMessages.domainRequired })
  .check(
    z.trim(),
    z.toLowerCase(),
    z.minLength(1, ChannelMessages.domainRequired),
    z.refine(isValidHostname, ChannelMessages.domainInvalid),
  );

const ChannelName = z
  .string({ error: ChannelMessages.nameRequired })
  .check(
    z.trim(),
    z.minLength(1, ChannelMessages.nameRequired),
    z.maxLength(50, ChannelMessages.nameTooLong),
  );
const Remark = z._default(z.string().check(z.trim(), z.maxLength(200, ChannelMessages.remarkTooLong)), '');

/** The short URL's path: `/s/<code>`; the console makes it absolute with its own origin. */
export const SHORT_URL_PREFIX = '/s/';
export const shortUrlOf = (code: string): string => `${SHORT_URL_PREFIX}${code}`;

export const ChannelListItem = z.object({
  channelId: z.int(),
  /** The `channel` value of the client's cybercafe.ini. */
  code: z.string(),
  kind: z.enum(CHANNEL_KIND_VALUES),
  channelName: z.string(),
  netBarId: z.nullable(z.int()),
  netBarName: z.nullable(z.string()),
  domain: z.nullable(z.string()),
  agentId: z.int(),
  agentName: z.string(),
  applyState: z.enum(APPLY_STATE_VALUES),
  passedByName: z.nullable(z.string()),
  passedTime: z.nullable(z.string()),
  packingState: z.enum(PACKING_STATE_VALUES),
  packingProgress: z.int(),
  packingError: z.nullable(z.string()),
  /** `/s/<code>`, null until one is made (`shortUrl`). */
  shortUrl: z.nullable(z.string()),
  /** Players registered through the channel. */
  userCount: z.int(),
  orderCount: z.int(),
  orderAmount: NonNegativeFen,
  remark: z.string(),
  createTime: z.string(),
});
export type ChannelListItem = z.infer<typeof ChannelListItem>;

/** The channel list (/net-bar-mgt): the channels of the caller's subtree. */
export const channelList = defineList({
  filters: {
    channelName: z.optional(z.string().check(z.trim(), z.maxLength(50))),
    /** The whole code or a part of it. */
    code: z.optional(z.string().check(z.trim(), z.maxLength(32))),
    netBarName: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    netBarId: z.optional(Id),
    kind: z.optional(z.enum(CHANNEL_KIND_VALUES)),
    applyState: z.optional(z.enum(APPLY_STATE_VALUES)),
    packingState: z.optional(z.enum(PACKING_STATE_VALUES)),
    /** A node of the agent tree: the channels of its subtree; -1 (全部) or absent: all of the caller's. */
    pid: z.optional(z.int()),
    /** Created from / to, China time. */
    startTime: z.optional(FilterTime),
    endTime: z.optional(FilterTime),
  },
  row: ChannelListItem,
  sort: ['createTime', 'id'],
  defaultSort: { field: 'createTime', order: 'desc' },
  owner: 'agentId',
  owns: { pid: 'agent', netBarId: 'netBar' },
});
export type ChannelListQuery = z.input<typeof channelList.request>;

export const queryChannelPage = listEndpoint({
  path: '/api/channel/queryChannelPage',
  list: channelList,
  access: SIGNED_IN,
});

export const ChannelTotals = z.object({
  channelCount: z.int().check(z.nonnegative()),
  passedCount: z.int().check(z.nonnegative()),
  appliedCount: z.int().check(z.nonnegative()),
  packedCount: z.int().check(z.nonnegative()),
  userCount: z.int().check(z.nonnegative()),
  orderCount: z.int().check(z.nonnegative()),
  orderAmount: NonNegativeFen,
});
export type ChannelTotals = z.infer<typeof ChannelTotals>;

export const queryChannelTotalData = totalsEndpoint({
  path: '/api/channel/queryChannelTotalData',
  list: channelList,
  totals: ChannelTotals,
  access: SIGNED_IN,
});

export const exportQueryChannelPage = exportEndpoint({
  path: '/api/channel/exportQueryChannelPage',
  list: channelList,
  access: SIGNED_IN,
  fileName: '推广渠道',
});

export const CreateChannelRequest = z.union([
  z.strictObject({
    kind: z.literal('client'),
    netBarId: Id,
    channelName: ChannelName,
    remark: Remark,
  }),
  z.strictObject({
    kind: z.literal('web'),
    domain: Hostname,
    channelName: ChannelName,
    remark: Remark,
  }),
]);
export type CreateChannelRequest = z.input<typeof CreateChannelRequest>;

export const createChannel = endpoint({
  path: '/api/channel/createChannel',
  access: SIGNED_IN,
  owns: { netBarId: 'netBar' },
  request: CreateChannelRequest,
  object: ChannelListItem,
});

/** The name, remark and (web channels) domain change; kind, net bar, owner and code never do. */
export const UpdateChannelRequest = z.strictObject({
  channelId: Id,
  channelName: ChannelName,
  remark: Remark,
  domain: z.optional(Hostname),
});
export type UpdateChannelRequest = z.input<typeof UpdateChannelRequest>;

export const updateChannel = endpoint({
  path: '/api/channel/updateChannel',
  access: SIGNED_IN,
  owns: { channelId: 'channel' },
  request: UpdateChannelRequest,
  object: ChannelListItem,
});

/** Passes (or rejects) an applied channel: an agent above its owner. */
export const applyPassed = endpoint({
  path: '/api/channel/apply/passed',
  access: SIGNED_IN,
  owns: { channelId: 'channel' },
  request: z.strictObject({ channelId: Id, passed: z._default(z.boolean(), true) }),
  object: ChannelListItem,
});

export const PackingStatus = z.object({
  channelId: z.int(),
  packingState: z.enum(PACKING_STATE_VALUES),
  packingProgress: z.int(),
  packingError: z.nullable(z.string()),
  /** The package's download address once it is done. */
  downloadUrl: z.nullable(z.string()),
});
export type PackingStatus = z.infer<typeof PackingStatus>;

/** Starts packing the channel's client package (a passed client channel): queued → packing → done / failed. */
export const automaticPacking = endpoint({
  path: '/api/channel/automatic/packing',
  access: SIGNED_IN,
  owns: { channelId: 'channel' },
  request: z.strictObject({ channelId: Id }),
  object: PackingStatus,
});

/** Where a packing stands: the console polls it while a package is queued or packing. */
export const queryPackingStatus = endpoint({
  path: '/api/channel/automatic/packing/status',
  access: SIGNED_IN,
  owns: { channelIds: 'channel' },
  request: z.strictObject({ channelIds: z.array(Id).check(z.minLength(1), z.maxLength(200)) }),
  object: z.array(PackingStatus),
});

/** The channel's short URL (made on first ask, unique): `/s/<code>` redirects to its landing. */
export const channelShortUrl = endpoint({
  path: '/api/channel/shortUrl',
  access: SIGNED_IN,
  owns: { channelId: 'channel' },
  request: z.strictObject({ channelId: Id }),
  object: z.object({ channelId: z.int(), shortUrl: z.string() }),
});

/** Downloads by browser navigation (GET): the channel's `cybercafe.ini`, and its packed client. */
export const DOWNLOAD_INI_PATH = '/api/channel/downloadIniFile/cybercafe.ini';
export const DOWNLOAD_PACKAGE_PATH = '/api/channel/downloadPackage';
export const downloadIniHref = (code: string) => `${DOWNLOAD_INI_PATH}?channel=${encodeURIComponent(code)}`;
export const downloadPackageHref = (code: string) =>
  `${DOWNLOAD_PACKAGE_PATH}?channel=${encodeURIComponent(code)}`;
/** Public: `GET /s/<code>` answers a redirect (302) to the channel's landing. */
export const SHORT_URL_ROUTE = '/s/:code';

// ---- web promotion (/web-mgt) ----

export const WebNetBarItem = z.object({
  netBarId: z.int(),
  barUserId: z.int(),
  netBarName: z.string(),
  address: z.string(),
  areaKey: z.string(),
  agentId: z.int(),
  agentName: z.string(),
  terminalCount: z.int(),
  status: z.enum(['open', 'closed']),
  /** Players registered at the bar in the range (of the terminal, when one is given). */
  userCount: z.int(),
  /** Orders created at the bar in the range (of the terminal). */
  orderCount: z.int(),
  /** What those orders paid (paid orders only), fen. */
  orderAmount: NonNegativeFen,
  createTime: z.string(),
});
export type WebNetBarItem = z.infer<typeof WebNetBarItem>;

/** The web query's terminal (spec section 3: terminal 3); absent on the wire: every terminal. */
export const WEB_QUERY_TERMINAL = 3;

/** The net bars of the caller's subtree with their users and orders in a range (default today). */
export const webNetBarList = defineList({
  filters: {
    netBarName: z.optional(z.string().check(z.trim(), z.maxLength(100))),
    pid: z.optional(z.int()),
    /** The terminal type (0-6) the figures count. */
    terminal: z.optional(z.int().check(z.minimum(0), z.maximum(6))),
    /** The range of the figures, China time; default today 00:00:00 - 23:59:59. */
    startTime: z.optional(FilterTime),
    endTime: z.optional(FilterTime),
  },
  row: WebNetBarItem,
  sort: ['createTime', 'id'],
  defaultSort: { field: 'createTime', order: 'desc' },
  owner: 'agentId',
  owns: { pid: 'agent' },
});
export type WebNetBarQuery = z.input<typeof webNetBarList.request>;

export const queryWebNetBarPage = listEndpoint({
  path: '/api/promotion/web/queryNetBarPage',
  list: webNetBarList,
  access: SIGNED_IN,
});

export const WebNetBarTotals = z.object({
  netBarCount: z.int().check(z.nonnegative()),
  userCount: z.int().check(z.nonnegative()),
  orderCount: z.int().check(z.nonnegative()),
  orderAmount: NonNegativeFen,
});
export type WebNetBarTotals = z.infer<typeof WebNetBarTotals>;

export const queryWebNetBarTotal = totalsEndpoint({
  path: '/api/promotion/web/queryNetBarTotal',
  list: webNetBarList,
  totals: WebNetBarTotals,
  access: SIGNED_IN,
});

export const exportWebNetBarPage = exportEndpoint({
  path: '/api/promotion/web/exportNetBarPage',
  list: webNetBarList,
  access: SIGNED_IN,
  fileName: '网页推广网吧',
});

/** The caller's web promotion domain; null until set. */
export const WebPromotionConfig = z.object({
  domain: z.nullable(z.string()),
  updateTime: z.nullable(z.string()),
});
export type WebPromotionConfig = z.infer<typeof WebPromotionConfig>;

export const queryWebPromotionConfig = endpoint({
  path: '/api/promotion/web/config/query',
  access: SIGNED_IN,
  request: EmptyRequest,
  object: WebPromotionConfig,
});

export const updateWebPromotionConfig = endpoint({
  path: '/api/promotion/web/config/update',
  access: SIGNED_IN,
  request: z.strictObject({ domain: Hostname }),
  object: WebPromotionConfig,
});

/** The platform's bar user id of a net bar of the caller's subtree (spec section 7). */
export const getBarUserId = endpoint({
  path: '/promotion/get/bar/userid',
  access: SIGNED_IN,
  owns: { netBarId: 'netBar' },
  request: z.strictObject({ netBarId: Id }),
  object: z.object({ netBarId: z.int(), barUserId: z.int() }),
});
