import {
  Codes,
  customSiteInfo,
  queryDeviceSetting,
  queryWithdrawSetting,
  updateDeviceSetting,
  updateSiteInfo,
  updateWithdrawSetting,
} from '@agent-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../http/envelope';
import { mount } from '../../http/mount';
import { AppError } from '../../shared/app-error';
import { type SettingsService, SITE_LOGO_PATH } from './settings.service';

/** The logo call carries up to 512 KB as base64 (about 700 KB): a little headroom above that. */
const LOGO_BODY_LIMIT = 800 * 1024;

export const settingsRoutes: FastifyPluginAsync<{ settings: SettingsService }> = async (
  app,
  { settings },
) => {
  // Public: the login page shows the site's name and logo too.
  mount(app, customSiteInfo, async () => ok(await settings.siteInfo()));

  mount(app, updateSiteInfo, async (body) => ok(await settings.update(body)), { bodyLimit: LOGO_BODY_LIMIT });

  // Issue 10: the withdrawal rules (minimum and fee).
  mount(app, queryWithdrawSetting, async () => ok(await settings.withdrawSetting()));
  mount(app, updateWithdrawSetting, async (body) => ok(await settings.updateWithdrawSetting(body)));
  // Issue 10 §4: the valid-device rule (days a month, amount per valid device).
  mount(app, queryDeviceSetting, async () => ok(await settings.deviceSetting()));
  mount(app, updateDeviceSetting, async (body) => ok(await settings.updateDeviceSetting(body)));
  // The logo image itself (GET: an <img> loads it). Public like the site info.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      SITE_LOGO_PATH,
      { schema: { querystring: z.object({ v: z.string().max(20).optional() }) } },
      async (req, reply) => {
        const logo = await settings.logo();
        if (!logo) throw new AppError(Codes.NOT_FOUND, undefined, { httpStatus: 404 });
        const current = req.query.v === String(logo.version);
        return reply
          .type(logo.mime)
          .header('Cache-Control', current ? 'public, max-age=31536000, immutable' : 'no-cache')
          .header('X-Content-Type-Options', 'nosniff')
          .send(logo.bytes);
      },
    );
};
