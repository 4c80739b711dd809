import { Codes, INGEST_PATH } from '@agent-console/contract';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { authPlugin } from './http/auth';
import { fail } from './http/envelope';
import { registerErrorHandler } from './http/error-handler';
import { type CallLimits, expensiveCallsPlugin } from './http/expensive-calls';
import { serializeRequest } from './http/log-redaction';
import { DEFAULT_BODY_LIMIT } from './http/mount';
import { registerRequestGuards, routedPath } from './http/request-guards';
import { registerWeb } from './http/web';
import { useChineseValidationMessages } from './http/zod-locale';
import { adjustmentsRoutes } from './modules/adjustments/adjustments.routes';
import { agentsRoutes } from './modules/agents/agents.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { devicesRoutes } from './modules/devices/devices.routes';
import { fundDetailsRoutes } from './modules/fund-details/fund-details.routes';
import { ingestApiRoutes } from './modules/ingest-keys/ingest-api.routes';
import { ingestKeysRoutes } from './modules/ingest-keys/ingest-keys.routes';
import { membersRoutes } from './modules/members/members.routes';
import { ordersRoutes } from './modules/orders/orders.routes';
import { createOutboxDispatcher } from './modules/outbox/outbox-dispatcher';
import { promotionRoutes } from './modules/promotion/promotion.routes';
import { realNameRoutes } from './modules/real-name/real-name.routes';
import { securityRoutes } from './modules/security/security.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { smsRoutes } from './modules/sms/sms.routes';
import { statsRoutes } from './modules/stats/stats.routes';
import { tasksRoutes } from './modules/tasks/tasks.routes';
import { usersRoutes } from './modules/users/users.routes';
import { withdrawAccountRoutes } from './modules/withdraw-account/withdraw-account.routes';
import { withdrawalsRoutes } from './modules/withdrawals/withdrawals.routes';
import { createServices, type ServiceDeps } from './services';

export interface AppDeps extends ServiceDeps {
  config: Config;
  /**
   * Deliver what the outbox left pending, from ready until close (the server passes `true`; tests
   * run rounds themselves or give a short interval).
   */
  outboxDispatcher?: boolean | { intervalMs: number };
  /** Settle the queued orders in the background, from listening until close (the server passes `true`). */
  settlement?: boolean;
  /** Bounds of expensive calls per session (default EXPENSIVE_CALL_LIMITS). */
  expensiveCalls?: CallLimits;
  /** Where the log lines go (default: standard output); tests read them. */
  logStream?: { write(line: string): void };
}

/** The composition root: services, plugins and routes on one Fastify instance, not listening. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  useChineseValidationMessages();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization'],
      // Path parameters and query strings carry phones, SMS codes and tokens: see log-redaction.ts.
      serializers: { req: serializeRequest },
      ...(deps.logStream ? { stream: deps.logStream } : {}),
    },
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: config.trustProxy,
    // The router's own refusals (an undecodable URL, a path parameter over 100 characters) leave
    // as the envelope too.
    frameworkErrors: (err, _req, reply: FastifyReply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply
        .code(tooLong ? 414 : 400)
        .header('Cache-Control', 'no-store')
        .send(fail(Codes.INVALID_PARAMS, tooLong ? '请求参数过长' : '请求地址无效'));
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRequestGuards(app, config.allowedOrigins);
  await app.register(fastifyCookie);

  const services = createServices({ ...deps, log: deps.log ?? app.log });
  if (deps.outboxDispatcher) {
    const interval = deps.outboxDispatcher === true ? undefined : deps.outboxDispatcher.intervalMs;
    const dispatcher = createOutboxDispatcher(services.outbox, app.log, interval);
    app.addHook('onReady', async () => dispatcher.start());
    app.addHook('onClose', () => dispatcher.stop());
  }
  if (deps.settlement) {
    // The console's requests, which the background work gives way to on PGlite (machine to
    // machine ingestion is not the console: it must not hold the settlement back).
    const note = async (req: FastifyRequest) => {
      if (routedPath(req) !== INGEST_PATH) services.requestActivity.note();
    };
    app.addHook('onRequest', note);
    app.addHook('onResponse', note);
    // After the server listens: a first start's catch-up (the demo history) must not hold it back.
    app.addHook('onListen', async () => services.settlementWorker.start());
    app.addHook('onClose', () => services.settlementWorker.stop());
  }
  await app.register(expensiveCallsPlugin, deps.expensiveCalls ? { limits: deps.expensiveCalls } : {});
  await app.register(authPlugin, {
    resolver: services.sessions,
    cookieSecure: config.session.cookieSecure,
    ownership: services.ownership,
  });
  await app.register(authRoutes, {
    auth: services.auth,
    captcha: services.captcha,
    clock: services.clock,
    slider: services.slider,
  });
  await app.register(usersRoutes, { users: services.users });
  await app.register(agentsRoutes, {
    agents: services.agents,
    tasks: services.tasks,
    clock: services.clock,
  });
  await app.register(settingsRoutes, { settings: services.settings });
  await app.register(tasksRoutes, { tasks: services.tasks });
  await app.register(smsRoutes, { sms: services.sms });
  await app.register(securityRoutes, { security: services.security });
  await app.register(realNameRoutes, { realName: services.realName });
  await app.register(withdrawAccountRoutes, { withdrawAccount: services.withdrawAccount });
  // Issue 10: withdrawals and the operator's manual adjustment.
  await app.register(withdrawalsRoutes, { withdrawals: services.withdrawals });
  await app.register(adjustmentsRoutes, { adjustments: services.adjustments });
  await app.register(membersRoutes, { members: services.members, clock: services.clock });
  await app.register(fundDetailsRoutes, { fundDetails: services.fundDetails, clock: services.clock });
  await app.register(ingestKeysRoutes, { ingestKeys: services.ingestKeys });
  await app.register(ingestApiRoutes, {
    ingestKeys: services.ingestKeys,
    ingest: services.ingest,
    clock: services.clock,
  });
  await app.register(ordersRoutes, { orders: services.orders, clock: services.clock });
  await app.register(devicesRoutes, { devices: services.devices, clock: services.clock });
  await app.register(statsRoutes, { stats: services.stats, clock: services.clock });
  await app.register(promotionRoutes, {
    channels: services.channels,
    web: services.webPromotion,
    clock: services.clock,
  });
  await registerWeb(app, config.webDist, { ssrDist: config.webSsrDist });
  return app;
}
