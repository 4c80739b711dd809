import {
  CaptchaChannel,
  captchaChannel,
  captchaImage,
  isLogin,
  login,
  logout,
} from '@agent-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import { clearSessionCookie, requestMeta, sessionToken, setSessionCookie } from '../../http/auth';
import { ok } from '../../http/envelope';
import { mount } from '../../http/mount';
import type { Clock } from '../../shared/clock';
import type { AuthService } from './auth.service';
import type { CaptchaService } from './captcha.service';

export const authRoutes: FastifyPluginAsync<{
  auth: AuthService;
  captcha: CaptchaService;
  clock: Clock;
}> = async (app, { auth, captcha, clock }) => {
  mount(
    app,
    login,
    async (body, { req, reply }) => {
      const { session, result } = await auth.login(body, requestMeta(req), sessionToken(req));
      setSessionCookie(reply, session.token, session.expiresAt, clock());
      return ok(result);
    },
    { auth: 'public' },
  );

  // Logging out is idempotent: without a live session it still clears the cookie and succeeds.
  mount(
    app,
    logout,
    async (_body, { req, reply }) => {
      const token = sessionToken(req);
      if (token) await auth.logout(token);
      clearSessionCookie(reply);
      return ok(true);
    },
    { auth: 'public' },
  );

  mount(app, isLogin, async (_body, { auth: caller }) => ok(caller !== null), { auth: 'public' });

  // Channel 2: the built-in image captcha (channel 1, a third-party slider, is a later adapter).
  mount(
    app,
    captchaChannel,
    async () => ok({ channel: CaptchaChannel.IMAGE, captchaId: captchaImage.path }),
    { auth: 'public' },
  );

  mount(app, captchaImage, async (_body, { req }) => ok(await captcha.create(req.ip)), { auth: 'public' });
};
