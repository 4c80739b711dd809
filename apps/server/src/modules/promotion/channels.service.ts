import { randomInt } from 'node:crypto';
import {
  AGENT_TREE_ROOT_ID,
  type ChannelListItem,
  type ChannelTotals,
  Codes,
  type CreateChannelRequest,
  type channelList,
  downloadPackageHref,
  type ListQueryOf,
  type PackingStatus,
  shortUrlOf,
  type UpdateChannelRequest,
} from '@agent-console/contract';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { isUniqueViolation } from '../../shared/db-errors';
import { chinaRange, formatChinaTime } from '../../shared/time';
import { notFound, type Scope } from '../agents/scope';
import type { OutboxService } from '../outbox/outbox.service';
import { buildPackage, type PackageStore } from './channel-package';
import type {
  ChannelListFilters,
  ChannelPageRow,
  ChannelRow,
  ChannelsRepository,
} from './channels.repository';

type ListQuery = ListQueryOf<typeof channelList>;

/** The outbox topic of packing jobs: one job per `automatic/packing` request. */
export const PACKING_TOPIC = 'channel.pack';
const PackingJob = z.object({ channelId: z.number().int(), serverUrl: z.string() });

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const SHORT_ALPHABET = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const randomText = (alphabet: string, length: number) =>
  Array.from({ length }, () => alphabet[randomInt(alphabet.length)]).join('');
/** A channel's code: `C` and 9 characters without look-alikes (32^9 ≈ 3.5 × 10^13). */
export const newChannelCode = () => `C${randomText(CODE_ALPHABET, 9)}`;
/** A short URL's code: 7 characters (56^7 ≈ 1.7 × 10^12). */
export const newShortCode = () => randomText(SHORT_ALPHABET, 7);

const invalid = (message: string) => new AppError(Codes.INVALID_PARAMS, message);
const invalidState = (message: string) => new AppError(Codes.INVALID_STATE, message);

function itemOf(row: ChannelPageRow): ChannelListItem {
  const c = row.channel;
  return {
    channelId: c.id,
    code: c.code,
    kind: c.kind,
    channelName: c.name,
    netBarId: c.netBarId,
    netBarName: row.netBarName,
    domain: c.domain,
    agentId: c.agentId,
    agentName: row.agentName,
    applyState: c.applyState,
    passedByName: row.passedByName,
    passedTime: c.passedAt ? formatChinaTime(c.passedAt) : null,
    packingState: c.packingState,
    packingProgress: c.packingProgress,
    packingError: c.packingError,
    shortUrl: c.shortCode ? shortUrlOf(c.shortCode) : null,
    userCount: row.userCount,
    orderCount: row.orderCount,
    orderAmount: row.orderAmountFen,
    remark: c.remark,
    createTime: formatChinaTime(c.createdAt),
  };
}

const statusOf = (c: ChannelRow): PackingStatus => ({
  channelId: c.id,
  packingState: c.packingState,
  packingProgress: c.packingProgress,
  packingError: c.packingError,
  downloadUrl: c.packingState === 'done' && c.packingFile ? downloadPackageHref(c.code) : null,
});

/** Whether the caller is above the channel's owner (an ancestor in its frozen chain), or the operator. */
const isAbove = (scope: Scope, c: ChannelRow) =>
  scope.wholeTree || (c.agentId !== scope.agentId && c.agentChain.includes(scope.agentId));

export function createChannelsService(deps: {
  db: Database;
  repo: ChannelsRepository;
  outbox: OutboxService;
  packages: PackageStore;
  /** The client's own files to pack beside the ini (a deployment's choice); null: the ini and a read-me. */
  clientTemplateDir?: string | null;
  clock: Clock;
  log?: { warn(obj: Record<string, unknown>, msg: string): void };
}) {
  const { db, repo, outbox, packages, clock } = deps;

  async function listFilters(scope: Scope, query: ListQuery): Promise<ChannelListFilters> {
    const { pid } = query;
    let under: Scope | undefined;
    if (pid !== undefined && pid !== AGENT_TREE_ROOT_ID && pid !== scope.agentId) {
      const level = await repo.agentLevelOf(pid);
      if (level === null) throw notFound('agent');
      under = { agentId: pid, agentLevel: level, wholeTree: level === 0 };
    }
    return {
      channelName: query.channelName || undefined,
      code: query.code || undefined,
      netBarName: query.netBarName || undefined,
      netBarId: query.netBarId,
      kind: query.kind,
      applyState: query.applyState,
      packingState: query.packingState,
      under,
      created: chinaRange(query.startTime, query.endTime),
      sort: { field: query.orderBy ?? 'createTime', order: query.order ?? 'desc' },
    };
  }

  async function itemById(id: number): Promise<ChannelListItem> {
    const row = await repo.rowById(id);
    if (!row) throw notFound('channel');
    return itemOf(row);
  }

  async function channelOf(id: number): Promise<ChannelRow> {
    const row = await repo.findById(id);
    if (!row) throw notFound('channel');
    return row;
  }

  /** Inserts with fresh codes, again on the (unlikely) collision of a generated one. */
  async function insertWithCodes(
    row: Omit<Parameters<ChannelsRepository['insert']>[0], 'code' | 'shortCode'>,
  ) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await db.transaction(() =>
          repo.insert({ ...row, code: newChannelCode(), shortCode: newShortCode() }),
        );
      } catch (err) {
        if (!isUniqueViolation(err) || attempt >= 5) throw err;
      }
    }
  }

  /** The packing job: queued → packing (progress) → done with the file, or failed with the reason. */
  async function pack(job: z.infer<typeof PackingJob>): Promise<void> {
    const started = await repo.packingStep(
      job.channelId,
      ['queued'],
      { packingState: 'packing', packingProgress: 5 },
      clock(),
    );
    if (!started) return; // done already (a second delivery of the same job) or superseded
    try {
      const bytes = await buildPackage(
        { channelCode: started.code, channelName: started.name, serverUrl: job.serverUrl },
        deps.clientTemplateDir ?? null,
        async (percent) => {
          await repo.packingStep(job.channelId, ['packing'], { packingProgress: percent }, clock());
        },
      );
      const file = await packages.save(started.code, bytes);
      const done = await repo.packingStep(
        job.channelId,
        ['packing'],
        { packingState: 'done', packingProgress: 100, packingFile: file, packingError: null },
        clock(),
      );
      if (!done) await packages.remove(file);
      else if (started.packingFile && started.packingFile !== file)
        await packages.remove(started.packingFile);
    } catch (err) {
      deps.log?.warn({ channelId: job.channelId, error: (err as Error).message }, 'channel packing failed');
      await repo.packingStep(
        job.channelId,
        ['packing'],
        { packingState: 'failed', packingError: '打包失败，请重试' },
        clock(),
      );
    }
  }

  outbox.register(PACKING_TOPIC, { payload: PackingJob, deliver: (payload) => pack(payload) });
  /** Packings under way in this process (tests and shutdown wait for them). */
  const running = new Set<Promise<unknown>>();

  return {
    async list(scope: Scope, query: ListQuery & { pageNum: number; pageSize: number }) {
      const { rows, total } = await repo.page(scope, await listFilters(scope, query), query);
      return { items: rows.map(itemOf), total };
    },

    async totals(scope: Scope, query: ListQuery): Promise<ChannelTotals> {
      const t = await repo.totals(scope, await listFilters(scope, query));
      return {
        channelCount: t.channelCount,
        passedCount: t.passedCount,
        appliedCount: t.appliedCount,
        packedCount: t.packedCount,
        userCount: t.userCount,
        orderCount: t.orderCount,
        orderAmount: t.orderAmountFen,
      };
    },

    async *exportBatches(scope: Scope, query: ListQuery): AsyncGenerator<ChannelListItem[]> {
      for await (const rows of repo.batches(scope, await listFilters(scope, query))) yield rows.map(itemOf);
    },

    /**
     * createChannel: a client channel of a net bar of the caller's subtree (checked by the route)
     * belongs to the bar's agent; a web channel to the caller. Made by an agent above its owner
     * (or by the operator) it is passed at once; otherwise it waits for one (`apply/passed`).
     */
    async create(scope: Scope, body: CreateChannelRequest): Promise<ChannelListItem> {
      const now = clock();
      let chain: Awaited<ReturnType<ChannelsRepository['chainOf']>>;
      let netBarId: number | null = null;
      let domain: string | null = null;
      if (body.kind === 'client') {
        const bar = await repo.netBarById(body.netBarId);
        if (!bar) throw notFound('netBar');
        if (bar.status !== 'open') throw invalidState('网吧已停业，不能创建渠道');
        netBarId = bar.id;
        chain = {
          agentId: bar.agentId,
          agentChain: bar.agentChain,
          chainL1: bar.chainL1,
          chainL2: bar.chainL2,
          chainL3: bar.chainL3,
          chainL4: bar.chainL4,
          chainL5: bar.chainL5,
        };
      } else {
        domain = body.domain;
        chain = await repo.chainOf(scope.agentId);
      }
      const above =
        scope.wholeTree || (chain.agentId !== scope.agentId && chain.agentChain.includes(scope.agentId));
      const created = await insertWithCodes({
        kind: body.kind,
        name: body.channelName,
        netBarId,
        domain,
        ...chain,
        remark: body.remark ?? '',
        applyState: above ? 'passed' : 'applied',
        passedBy: above ? scope.agentId : null,
        passedAt: above ? now : null,
        createdAt: now,
        updatedAt: now,
      });
      return itemById(created.id);
    },

    /** updateChannel: name, remark and a web channel's domain; a rejected channel is applied again. */
    async update(_scope: Scope, body: UpdateChannelRequest): Promise<ChannelListItem> {
      const channel = await channelOf(body.channelId);
      if (body.domain !== undefined && channel.kind !== 'web') throw invalid('客户端渠道没有推广域名');
      const now = clock();
      await repo.update(channel.id, {
        name: body.channelName,
        remark: body.remark ?? '',
        ...(body.domain !== undefined ? { domain: body.domain } : {}),
        ...(channel.applyState === 'rejected'
          ? { applyState: 'applied', passedBy: null, passedAt: null }
          : {}),
        updatedAt: now,
      });
      return itemById(channel.id);
    },

    /** apply/passed: an agent above the owner (any ancestor in its chain, or the operator) decides an applied channel. */
    async decide(scope: Scope, channelId: number, passed: boolean): Promise<ChannelListItem> {
      const channel = await channelOf(channelId);
      if (!isAbove(scope, channel)) throw new AppError(Codes.FORBIDDEN, '只有上级代理可以审核渠道');
      const decided = await repo.decide(channelId, passed ? 'passed' : 'rejected', scope.agentId, clock());
      if (!decided) throw invalidState('渠道不是待审核状态');
      return itemById(channelId);
    },

    /**
     * automatic/packing: queues the packing of a passed client channel (a job in the outbox,
     * written with the state), then runs it after the commit; the dispatcher runs what a crash
     * left. Answers the state at once: the console polls `packingStatus`.
     */
    async startPacking(channelId: number, serverUrl: string): Promise<PackingStatus> {
      const channel = await channelOf(channelId);
      if (channel.kind !== 'client') throw invalidState('网页渠道没有客户端安装包');
      if (channel.applyState !== 'passed') throw invalidState('渠道审核通过后才能打包');
      const now = clock();
      const queued = await db.transaction(async (tx) => {
        const row = await repo.queuePacking(tx, channelId, now);
        if (!row) return null;
        const job = await outbox.enqueue(tx, {
          topic: PACKING_TOPIC,
          idempotencyKey: `${PACKING_TOPIC}:${channelId}:${now.getTime()}:${randomText(SHORT_ALPHABET, 6)}`,
          payload: { channelId, serverUrl },
        });
        return { row, job };
      });
      if (!queued) throw invalidState('渠道正在打包，请稍候');
      const run = outbox.deliver(queued.job).catch((err: unknown) => {
        deps.log?.warn({ channelId, error: (err as Error).message }, 'channel packing not delivered');
      });
      running.add(run);
      void run.finally(() => running.delete(run));
      return statusOf(queued.row);
    },

    async packingStatuses(channelIds: readonly number[]): Promise<PackingStatus[]> {
      return (await repo.packingStatuses(channelIds)).map(statusOf);
    },

    /** Resolves when the packings started by this process have ended. */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running]);
    },

    /** shortUrl: the channel's short URL, made on first ask. */
    async shortUrl(channelId: number): Promise<{ channelId: number; shortUrl: string }> {
      const channel = await channelOf(channelId);
      if (channel.shortCode) return { channelId, shortUrl: shortUrlOf(channel.shortCode) };
      for (let attempt = 1; ; attempt++) {
        try {
          const code = newShortCode();
          const row = await db.transaction(() =>
            repo.update(channelId, { shortCode: code, updatedAt: clock() }),
          );
          return { channelId, shortUrl: shortUrlOf(row?.shortCode ?? code) };
        } catch (err) {
          if (!isUniqueViolation(err) || attempt >= 5) throw err;
        }
      }
    },

    /** The channel named by a code (the ini's `channel`) inside the caller's scope, else 1004. */
    async byCode(scope: Scope, code: string): Promise<ChannelRow> {
      const channel = await repo.findByCode(code, scope);
      if (!channel) throw notFound('channel');
      return channel;
    },

    /** The package file of a channel, or 1004 when it has none ready. */
    packagePath(channel: ChannelRow): string {
      const path =
        channel.packingState === 'done' && channel.packingFile ? packages.pathOf(channel.packingFile) : null;
      if (!path) throw new AppError(Codes.NOT_FOUND, '安装包不存在，请先打包');
      return path;
    },

    /**
     * Where a short URL leads: a passed web channel to its domain (with the channel), a passed
     * client channel with a package to the package; anything else is not found.
     */
    async landing(
      shortCode: string,
    ): Promise<{ kind: 'web'; url: string } | { kind: 'package'; channel: ChannelRow } | null> {
      const channel = await repo.findByShortCode(shortCode);
      if (channel?.applyState !== 'passed') return null;
      if (channel.kind === 'web' && channel.domain)
        return { kind: 'web', url: `https://${channel.domain}/?channel=${encodeURIComponent(channel.code)}` };
      if (channel.kind === 'client' && channel.packingState === 'done' && channel.packingFile)
        return { kind: 'package', channel };
      return null;
    },
  };
}

export type ChannelsService = ReturnType<typeof createChannelsService>;
