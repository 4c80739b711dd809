import {
  addUserRealAuthPersonal,
  approveRealName,
  Codes,
  ID_PHOTO_PATH,
  modifyUserRealAuthPersonal,
  queryRealNameReviews,
  realAuthPersonalInfo,
  rejectRealName,
  uploadIdPhoto,
} from '@agent-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession } from '../../http/auth';
import { ok, okPage } from '../../http/envelope';
import { mount } from '../../http/mount';
import { AppError } from '../../shared/app-error';
import type { RealNameService } from './real-name.service';

/** A photo of up to 10 MB travels as base64 (about 13.4 MB) inside JSON: a little headroom above. */
export const ID_PHOTO_BODY_LIMIT = 14 * 1024 * 1024;

export const realNameRoutes: FastifyPluginAsync<{ realName: RealNameService }> = async (
  app,
  { realName },
) => {
  mount(
    app,
    uploadIdPhoto,
    async (body, { auth }) => ok(await realName.uploadPhoto(auth, body.kind, body.dataUrl)),
    {
      bodyLimit: ID_PHOTO_BODY_LIMIT,
    },
  );
  mount(app, realAuthPersonalInfo, async (_body, { auth }) =>
    ok(await realName.personalInfo(auth.accountId)),
  );
  mount(app, addUserRealAuthPersonal, async (body, { auth }) => ok(await realName.submit(auth, body, 'add')));
  mount(app, modifyUserRealAuthPersonal, async (body, { auth }) =>
    ok(await realName.submit(auth, body, 'modify')),
  );

  mount(app, queryRealNameReviews, async (body) => {
    const { items, total } = await realName.reviewPage(body, body);
    return okPage(items, total);
  });
  mount(app, approveRealName, async (body, { auth }) => ok(await realName.approve(auth.accountId, body.id)));
  mount(app, rejectRealName, async (body, { auth }) =>
    ok(await realName.reject(auth.accountId, body.id, body.reason)),
  );

  // The photo itself (GET: an <img> loads it with the session cookie): its owner and the operator only.
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      `${ID_PHOTO_PATH}/:fileId`,
      { schema: { params: z.object({ fileId: z.string().max(64) }) }, onRequest: requireSession },
      async (req, reply) => {
        if (!req.auth) throw new AppError(Codes.NOT_LOGGED_IN);
        const photo = await realName.photo(req.auth, req.params.fileId);
        return reply
          .type(photo.mime)
          .header('Cache-Control', 'private, no-store')
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Disposition', 'inline')
          .send(photo.bytes);
      },
    );
};
