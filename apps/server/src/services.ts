import { join } from 'node:path';
import type { Config } from './config';
import type { Database } from './db/client';
import { createOwnershipRepository } from './db/ownership';
import { createAdjustmentsService } from './modules/adjustments/adjustments.service';
import { createAgentsRepository } from './modules/agents/agents.repository';
import { createAgentsService } from './modules/agents/agents.service';
import { createOwnership } from './modules/agents/scope';
import { createAuthService } from './modules/auth/auth.service';
import { createCaptchaRepository } from './modules/auth/captcha.repository';
import { type CaptchaText, createCaptchaService } from './modules/auth/captcha.service';
import { createLoginAttemptsRepository } from './modules/auth/login-attempts.repository';
import { createSessionsRepository } from './modules/auth/sessions.repository';
import { createSessionsService } from './modules/auth/sessions.service';
import { createDevicesRepository } from './modules/devices/devices.repository';
import { createDevicesService } from './modules/devices/devices.service';
import { createFinanceRepository } from './modules/finance/finance.repository';
import { createFinanceService } from './modules/finance/finance.service';
import { createSettlementRepository } from './modules/finance/settlement.repository';
import { createSettlementService } from './modules/finance/settlement.service';
import { createSettlementWorker } from './modules/finance/settlement-worker';
import { createFundDetailsRepository } from './modules/fund-details/fund-details.repository';
import { createFundDetailsService } from './modules/fund-details/fund-details.service';
import { createGamesRepository } from './modules/games/games.repository';
import { createGamesService } from './modules/games/games.service';
import { createIngestRepository } from './modules/ingest/ingest.repository';
import { createIngestService } from './modules/ingest/ingest.service';
import { createIngestKeysRepository } from './modules/ingest-keys/ingest-keys.repository';
import { createIngestKeysService } from './modules/ingest-keys/ingest-keys.service';
import { createMembersRepository } from './modules/members/members.repository';
import { createMembersService } from './modules/members/members.service';
import { createOrdersRepository } from './modules/orders/orders.repository';
import { createOrdersService } from './modules/orders/orders.service';
import { createOutboxRepository } from './modules/outbox/outbox.repository';
import { createOutboxService } from './modules/outbox/outbox.service';
import { createPackageStore } from './modules/promotion/channel-package';
import { createChannelsRepository } from './modules/promotion/channels.repository';
import { createChannelsService } from './modules/promotion/channels.service';
import { createWebPromotionRepository } from './modules/promotion/web-promotion.repository';
import { createWebPromotionService } from './modules/promotion/web-promotion.service';
import { createRateLimitRepository } from './modules/rate-limit/rate-limit.repository';
import { createRateLimiter } from './modules/rate-limit/rate-limit.service';
import { createRealNameRepository } from './modules/real-name/real-name.repository';
import { createRealNameService } from './modules/real-name/real-name.service';
import { loadRegions } from './modules/regions/region-tree';
import { createDataCipher, loadDataKey } from './modules/security/data-key';
import { createDataKeyCheckRepository } from './modules/security/data-key-check.repository';
import { createDataKeyCheck } from './modules/security/data-key-check.service';
import { createSecurityRepository } from './modules/security/security.repository';
import { createSecurityService } from './modules/security/security.service';
import { createSettingsRepository } from './modules/settings/settings.repository';
import { createSettingsService } from './modules/settings/settings.service';
import { HttpSliderCaptchaVerifier } from './modules/sms/slider-captcha';
import { createSmsRepository } from './modules/sms/sms.repository';
import { createSmsService } from './modules/sms/sms.service';
import { HttpSmsSender, OutboxSmsSender, type SmsLog, type SmsSender } from './modules/sms/sms-sender';
import { createStatsRepository } from './modules/stats/stats.repository';
import { createStatsService } from './modules/stats/stats.service';
import { createTasksService } from './modules/tasks/tasks.service';
import { createUsersRepository } from './modules/users/users.repository';
import { createUsersService } from './modules/users/users.service';
import { createWithdrawAccountRepository } from './modules/withdraw-account/withdraw-account.repository';
import { createWithdrawAccountService } from './modules/withdraw-account/withdraw-account.service';
import { manualPayoutAdapter, type PayoutAdapter } from './modules/withdrawals/payout-adapter';
import { createWithdrawalsRepository } from './modules/withdrawals/withdrawals.repository';
import { createWithdrawalsService } from './modules/withdrawals/withdrawals.service';
import { type Clock, systemClock } from './shared/clock';
import { createRequestActivity } from './shared/request-activity';

export interface ServiceDeps {
  db: Database;
  config: Pick<Config, 'session' | 'sms' | 'slider' | 'uploadDir' | 'dataKey'> &
    Partial<Pick<Config, 'ingestKeys'>>;
  /** The time every service reads; tests move it. */
  clock?: Clock;
  /** The characters of new image captchas; tests pass known ones. */
  captchaText?: CaptchaText;
  /** Where the outbox SMS provider writes its one line per message, and the outbox its failures (the app's logger). */
  log?: SmsLog;
  /** How approved withdrawals are paid out (default: recorded for the operator to transfer by hand). */
  payout?: PayoutAdapter;
}

const silentLog: SmsLog = { info: () => {}, warn: () => {} };

/** Wires every service to its repositories: part of the composition root (app.ts, the demo seed). */
export function createServices({
  db,
  config,
  clock = systemClock,
  captchaText,
  log = silentLog,
  payout = manualPayoutAdapter,
}: ServiceDeps) {
  const regions = loadRegions();
  const users = createUsersService(createUsersRepository(db), clock);
  const games = createGamesService(createGamesRepository(db));
  const ownership = createOwnership(createOwnershipRepository(db));
  const agents = createAgentsService({ db, repo: createAgentsRepository(db), users, games, regions, clock });
  const sessions = createSessionsService(createSessionsRepository(db), clock, config.session);
  const captcha = createCaptchaService(db, createCaptchaRepository(db), clock, captchaText);
  const settings = createSettingsService(createSettingsRepository(db), clock);
  const auth = createAuthService({
    db,
    users,
    agents,
    sessions,
    captcha,
    attempts: createLoginAttemptsRepository(db),
    clock,
  });
  const tasks = createTasksService({ users, agents, settings });

  // Issue 3: SMS, phone and passwords, identity, withdraw account.
  const cipher = createDataCipher(loadDataKey(config.dataKey));
  /** Run at start: the key must be the one the database was written with. */
  const dataKeyCheck = createDataKeyCheck({
    repo: createDataKeyCheckRepository(db),
    cipher,
    clock,
    keySource: 'base64' in config.dataKey ? 'DATA_KEY' : config.dataKey.file,
  });
  const outbox = createOutboxService({ db, repo: createOutboxRepository(db), clock, log });
  const smsRepo = createSmsRepository(db);
  const smsSender: SmsSender =
    config.sms.provider === 'http' && config.sms.httpUrl
      ? new HttpSmsSender(config.sms.httpUrl, config.sms.httpToken)
      : new OutboxSmsSender(smsRepo, log);
  const slider = config.slider
    ? new HttpSliderCaptchaVerifier(config.slider.appId, config.slider.verifyUrl)
    : null;
  const sms = createSmsService({
    db,
    repo: smsRepo,
    outbox,
    sender: smsSender,
    captcha,
    slider,
    users,
    cipher,
    clock,
  });
  const limiter = createRateLimiter(createRateLimitRepository(db), clock);
  const security = createSecurityService({
    db,
    repo: createSecurityRepository(db),
    users,
    sessions,
    sms,
    limiter,
    clock,
  });
  const realName = createRealNameService({
    db,
    repo: createRealNameRepository(db),
    users,
    sms,
    cipher,
    clock,
    uploadDir: config.uploadDir,
  });
  const withdrawAccount = createWithdrawAccountService({
    repo: createWithdrawAccountRepository(db),
    users,
    realName,
    sms,
    cipher,
    clock,
  });
  // Issue 9: the rental platform's ingest keys.
  const ingestKeys = createIngestKeysService({
    repo: createIngestKeysRepository(db),
    cipher,
    clock,
    envKeys: config.ingestKeys ?? [],
  });
  // Issue 10: the ledger and the agents' finance accounts (`finance.post` is the one way to move
  // money); settlement books the shares of the orders the triggers queue, in the background.
  const finance = createFinanceService({ db, repo: createFinanceRepository(db), clock });
  const settlement = createSettlementService({
    db,
    repo: createSettlementRepository(db),
    finance,
    clock,
    log,
  });
  // Issue 11: the summary statistics, their rollups brought up to date after each settlement round.
  const stats = createStatsService({ db, repo: createStatsRepository(db), regions, clock });
  /** The console's requests (app.ts notes them), which the background work gives way to on PGlite. */
  const requestActivity = createRequestActivity();
  /** Started by the app when it serves (app.ts); before that `wake` does nothing. */
  const settlementWorker = createSettlementWorker(settlement, log, {
    finance,
    stats,
    ...(db.driver === 'pglite' ? { requests: requestActivity } : {}),
  });
  // Issue 9: 订单明细 and 用户明细 (the detail with issue 10's split).
  const orders = createOrdersService({
    repo: createOrdersRepository(db),
    agents,
    regions,
    clock,
    shares: settlement,
  });
  // Issue 9: the rental platform's events (each committed batch wakes the settlement).
  const ingest = createIngestService({
    db,
    repo: createIngestRepository(db),
    agents,
    clock,
    afterCommit: () => settlementWorker.wake(),
  });
  // Issue 9: promotion channels (packages kept beside the uploads) and web promotion.
  const channels = createChannelsService({
    db,
    repo: createChannelsRepository(db),
    outbox,
    packages: createPackageStore(join(config.uploadDir, 'channel-packages')),
    clock,
    log,
  });
  const webPromotion = createWebPromotionService({ repo: createWebPromotionRepository(db), clock });
  // Issue 10 §3: withdrawals, reviewed by the operator and paid out through the payout adapter.
  const withdrawals = createWithdrawalsService({
    db,
    repo: createWithdrawalsRepository(db),
    ledger: finance,
    users,
    realName,
    withdrawAccount,
    settings,
    sms,
    limiter,
    outbox,
    payout,
    cipher,
    clock,
  });
  const adjustments = createAdjustmentsService({ db, finance });
  // Issue 10 §4: valid devices and their settlement.
  const devices = createDevicesService({
    db,
    repo: createDevicesRepository(db),
    agents,
    settings,
    finance,
    clock,
  });
  const members = createMembersService({ repo: createMembersRepository(db), clock });
  // Issue 10 §2: 资金明细, the ledger's entries the caller may read.
  const fundDetails = createFundDetailsService({ repo: createFundDetailsRepository(db), agents });
  return {
    clock,
    regions,
    ownership,
    games,
    users,
    agents,
    sessions,
    captcha,
    settings,
    auth,
    tasks,
    outbox,
    limiter,
    // issue 3
    cipher,
    dataKeyCheck,
    slider,
    sms,
    security,
    realName,
    withdrawAccount,
    orders,
    // issue 9
    ingestKeys,
    ingest,
    channels,
    webPromotion,
    // issue 10
    finance,
    settlement,
    settlementWorker,
    requestActivity,
    withdrawals,
    adjustments,
    devices,
    members,
    fundDetails,
    stats,
  };
}

export type Services = ReturnType<typeof createServices>;
