import { createIngestKey, queryIngestKeys, revokeIngestKey } from '@agent-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope';
import { mount } from '../../http/mount';
import type { IngestKeysService } from './ingest-keys.service';

/** The operator's 接入密钥 screen: list, create (the secret once), revoke. */
export const ingestKeysRoutes: FastifyPluginAsync<{ ingestKeys: IngestKeysService }> = async (
  app,
  { ingestKeys },
) => {
  mount(app, queryIngestKeys, async () => ok(await ingestKeys.list()));
  mount(app, createIngestKey, async (body, { auth }) => ok(await ingestKeys.create(body.name, auth.agentId)));
  mount(app, revokeIngestKey, async (body) => {
    await ingestKeys.revoke(body.id);
    return ok(true);
  });
};
