import { getSmsCode, getSmsCodeSigned, querySmsOutbox } from '@agent-console/contract';
import type { FastifyPluginAsync } from 'fastify';
import { ok, okPage } from '../../http/envelope';
import { mount } from '../../http/mount';
import { formatChinaTime } from '../../shared/time';
import type { SmsService } from './sms.service';

export const smsRoutes: FastifyPluginAsync<{ sms: SmsService }> = async (app, { sms }) => {
  // Public: the forgotten-password form sends from the login page (the new phone of a phone change
  // needs a session, which the service checks).
  mount(app, getSmsCode, async (body, { auth, req }) => ok(await sms.send(body, auth, req.ip, false)));
  mount(app, getSmsCodeSigned, async (body, { auth, req }) => ok(await sms.send(body, auth, req.ip, true)));

  mount(app, querySmsOutbox, async (body) => {
    const { rows, total } = await sms.outbox(body, body);
    return okPage(
      rows.map((r) => ({
        id: r.id,
        mobilePhone: r.mobilePhone,
        smsTypeCode: r.smsType,
        content: r.content,
        createTime: formatChinaTime(r.createdAt),
      })),
      total,
    );
  });
};
