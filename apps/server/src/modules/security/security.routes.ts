import {
  changeMobilePhoneOne,
  changeMobilePhoneTwo,
  isExistMobilePhone,
  modifyPassword,
  notExistMobilePhone,
  resetPasswordOne,
  resetPasswordTwo,
  setPayPassword,
  verifyMobilePhone,
} from '@agent-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok } from '../../http/envelope';
import { mount } from '../../http/mount';
import type { SecurityService } from './security.service';

export const securityRoutes: FastifyPluginAsync<{ security: SecurityService }> = async (
  app,
  { security },
) => {
  mount(app, verifyMobilePhone, async (body, { auth }) => ok(await security.verifyPhone(auth, body.smsCode)));
  mount(app, notExistMobilePhone, async (body, { auth }) =>
    ok(await security.checkPhone(auth, body.mobilePhone, body.type)),
  );
  // Public: the forgotten-password form asks it before sending a code.
  mount(app, isExistMobilePhone, async (_body, { params, req }) =>
    ok(await security.isRegistered(params.mobilePhone, req.ip)),
  );
  mount(app, changeMobilePhoneOne, async (body, { auth }) =>
    ok(await security.changePhoneOne(auth, body.mobilePhone, body.smsCode)),
  );
  mount(app, changeMobilePhoneTwo, async (_body, { auth, params }) =>
    ok(await security.changePhoneTwo(auth, params.smsCode)),
  );

  mount(app, modifyPassword, async (body, { auth }) =>
    ok(await security.modifyPassword(auth, body.newLoginPassword, body.smsCode)),
  );
  mount(app, setPayPassword, async (body, { auth }) =>
    ok(await security.setPayPassword(auth, body.payPassword, body.smsCode)),
  );
  mount(app, resetPasswordOne, async (body, { req }) =>
    ok(await security.resetPasswordOne(body.mobilePhone, body.smsCode, req.ip)),
  );
  mount(app, resetPasswordTwo, async (body) =>
    ok(await security.resetPasswordTwo(body.resetToken, body.newLoginPassword)),
  );
};
