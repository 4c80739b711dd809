import { createReadStream } from 'node:fs';
import {
  applyPassed,
  automaticPacking,
  Codes,
  channelShortUrl,
  createChannel,
  DOWNLOAD_INI_PATH,
  DOWNLOAD_PACKAGE_PATH,
  exportQueryChannelPage,
  exportWebNetBarPage,
  getBarUserId,
  queryChannelPage,
  queryChannelTotalData,
  queryPackingStatus,
  queryWebNetBarPage,
  queryWebNetBarTotal,
  queryWebPromotionConfig,
  SHORT_URL_ROUTE,
  updateChannel,
  updateWebPromotionConfig,
} from '@agent-console/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fail, ok, okPage } from '../../http/envelope';
import { mountExport } from '../../http/export';
import { accessHooks, mount } from '../../http/mount';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { scopeOf } from '../agents/scope';
import { cybercafeIni } from './channel-package';
import type { ChannelsService } from './channels.service';
import { CHANNEL_EXPORT_COLUMNS, WEB_NET_BAR_EXPORT_COLUMNS } from './promotion.export';
import type { WebPromotionService } from './web-promotion.service';

const ChannelQuery = z.object({ channel: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, '渠道不存在') });
const ShortCode = z.object({ code: z.string().regex(/^[A-Za-z0-9]{1,16}$/) });

/** The address of this server as the caller reached it: written into the ini the client reads. */
const serverUrlOf = (req: FastifyRequest) => `${req.protocol}://${req.host}`;

const channelCodeOf = (req: FastifyRequest) => {
  const parsed = ChannelQuery.safeParse(req.query);
  if (!parsed.success) throw new AppError(Codes.NOT_FOUND, '渠道不存在');
  return parsed.data.channel;
};

const attachment = (reply: FastifyReply, type: string, name: string) =>
  reply
    .header('Content-Type', type)
    .header(
      'Content-Disposition',
      `attachment; filename="${encodeURIComponent(name)}"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    .header('Cache-Control', 'no-store')
    .header('X-Content-Type-Options', 'nosniff');

/** Promotion calls: client channels (/net-bar-mgt) and web promotion (/web-mgt). */
export const promotionRoutes: FastifyPluginAsync<{
  channels: ChannelsService;
  web: WebPromotionService;
  clock: Clock;
}> = async (app, { channels, web, clock }) => {
  // A packing this process started ends (done or failed) before the database closes.
  app.addHook('onClose', () => channels.idle());
  mount(app, queryChannelPage, async (body, { scope }) => {
    const { items, total } = await channels.list(scope, body);
    return okPage(items, total);
  });
  mount(app, queryChannelTotalData, async (body, { scope }) => ok(await channels.totals(scope, body)));
  mountExport(
    app,
    exportQueryChannelPage,
    { columns: CHANNEL_EXPORT_COLUMNS, batches: (scope, query) => channels.exportBatches(scope, query) },
    clock,
  );
  mount(app, createChannel, async (body, { scope }) => ok(await channels.create(scope, body)));
  mount(app, updateChannel, async (body, { scope }) => ok(await channels.update(scope, body)));
  mount(app, applyPassed, async (body, { scope }) =>
    ok(await channels.decide(scope, body.channelId, body.passed ?? true)),
  );
  mount(app, automaticPacking, async (body, { req }) =>
    ok(await channels.startPacking(body.channelId, serverUrlOf(req))),
  );
  mount(app, queryPackingStatus, async (body) => ok(await channels.packingStatuses(body.channelIds)));
  mount(app, channelShortUrl, async (body) => ok(await channels.shortUrl(body.channelId)));

  // Downloads by browser navigation (GET), scoped like every call: a channel outside the caller's
  // subtree, or unknown, answers the envelope 1004.
  app.route({
    method: 'GET',
    url: DOWNLOAD_INI_PATH,
    onRequest: accessHooks({ auth: 'session' }),
    handler: async (req, reply) => {
      if (!req.auth) throw new AppError(Codes.NOT_LOGGED_IN);
      const channel = await channels.byCode(scopeOf(req.auth), channelCodeOf(req));
      attachment(reply, 'application/octet-stream', 'cybercafe.ini');
      return reply.send(cybercafeIni(channel.code, serverUrlOf(req)));
    },
  });
  app.route({
    method: 'GET',
    url: DOWNLOAD_PACKAGE_PATH,
    onRequest: accessHooks({ auth: 'session' }),
    handler: async (req, reply) => {
      if (!req.auth) throw new AppError(Codes.NOT_LOGGED_IN);
      const channel = await channels.byCode(scopeOf(req.auth), channelCodeOf(req));
      const path = channels.packagePath(channel);
      attachment(reply, 'application/zip', `${channel.code}.zip`);
      return reply.send(createReadStream(path));
    },
  });
  // The short URL: public, a redirect to the channel's landing (a web channel's domain, a client
  // channel's package at `/s/<code>/client.zip`).
  app.route({
    method: 'GET',
    url: SHORT_URL_ROUTE,
    handler: async (req, reply) => {
      const parsed = ShortCode.safeParse(req.params);
      const landing = parsed.success ? await channels.landing(parsed.data.code) : null;
      if (!landing) return reply.code(404).send(fail(Codes.NOT_FOUND, '渠道不存在'));
      const to = landing.kind === 'web' ? landing.url : `${req.url.split('?')[0]}/client.zip`;
      return reply.header('Cache-Control', 'no-store').redirect(to, 302);
    },
  });
  app.route({
    method: 'GET',
    url: `${SHORT_URL_ROUTE}/client.zip`,
    handler: async (req, reply) => {
      const parsed = ShortCode.safeParse(req.params);
      const landing = parsed.success ? await channels.landing(parsed.data.code) : null;
      if (landing?.kind !== 'package') return reply.code(404).send(fail(Codes.NOT_FOUND, '渠道不存在'));
      attachment(reply, 'application/zip', `${landing.channel.code}.zip`);
      return reply.send(createReadStream(channels.packagePath(landing.channel)));
    },
  });

  mount(app, queryWebNetBarPage, async (body, { scope }) => {
    const { items, total } = await web.list(scope, body);
    return okPage(items, total);
  });
  mount(app, queryWebNetBarTotal, async (body, { scope }) => ok(await web.totals(scope, body)));
  mountExport(
    app,
    exportWebNetBarPage,
    { columns: WEB_NET_BAR_EXPORT_COLUMNS, batches: (scope, query) => web.exportBatches(scope, query) },
    clock,
  );
  mount(app, queryWebPromotionConfig, async (_body, { scope }) => ok(await web.config(scope)));
  mount(app, updateWebPromotionConfig, async (body, { scope }) =>
    ok(await web.setConfig(scope, body.domain)),
  );
  mount(app, getBarUserId, async (body) => ok(await web.barUserId(body.netBarId)));
};
