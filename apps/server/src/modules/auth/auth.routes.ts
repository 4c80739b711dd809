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
import type { SliderCaptchaVerifier } from '../sms/slider-captcha';
import type { AuthService } from './auth.service';
import type { CaptchaService } from './captcha.service';

export const authRoutes: FastifyPluginAsync<{
  auth: AuthService;
  captcha: CaptchaService;
  clock: Clock;
  /** Captcha channel 1, when configured: SMS sends use it; the login keeps the image captcha. */
  slider?: SliderCaptchaVerifier | null;
}> = async (app, { auth, captcha, clock, slider = null }) => {
  mount(app, login, async (body, { req, reply }) => {
    const { session, result } = await auth.login(body, requestMeta(req), sessionToken(req));
    setSessionCookie(reply, session.token, session.expiresAt, clock());
    return ok(result);
  });

  // Logging out is idempotent: without a live session it still clears the cookie and succeeds.
  mount(app, logout, async (_body, { req, reply }) => {
    const token = sessionToken(req);
    if (token) await auth.logout(token);
    clearSessionCookie(reply);
    return ok(true);
  });

  mount(app, isLogin, async (_body, { auth: caller }) => ok(caller !== null));

  // Channel 2, the built-in image captcha, unless channel 1 (a third-party slider) is configured;
  // the login form always uses channel 2 (its captcha fields are the image captcha's).
  mount(app, captchaChannel, async (body) =>
    ok(
      slider && body.scenario !== 'login'
        ? { channel: CaptchaChannel.SLIDER, captchaId: slider.appId }
        : { channel: CaptchaChannel.IMAGE, captchaId: captchaImage.path },
    ),
  );

  mount(app, captchaImage, async (_body, { req }) => ok(await captcha.create(req.ip)));
};
