import type { Config } from './config';
import type { Database } from './db/client';
import { createAgentsRepository } from './modules/agents/agents.repository';
import { createAgentsService } from './modules/agents/agents.service';
import { createAuthService } from './modules/auth/auth.service';
import { createCaptchaRepository } from './modules/auth/captcha.repository';
import { type CaptchaText, createCaptchaService } from './modules/auth/captcha.service';
import { createLoginAttemptsRepository } from './modules/auth/login-attempts.repository';
import { createSessionsRepository } from './modules/auth/sessions.repository';
import { createSessionsService } from './modules/auth/sessions.service';
import { loadRegions } from './modules/regions/region-tree';
import { createSettingsRepository } from './modules/settings/settings.repository';
import { createSettingsService } from './modules/settings/settings.service';
import { createTasksService } from './modules/tasks/tasks.service';
import { createUsersRepository } from './modules/users/users.repository';
import { createUsersService } from './modules/users/users.service';
import { type Clock, systemClock } from './shared/clock';

export interface ServiceDeps {
  db: Database;
  config: Pick<Config, 'session'>;
  /** The time every service reads; tests move it. */
  clock?: Clock;
  /** The characters of new image captchas; tests pass known ones. */
  captchaText?: CaptchaText;
}

/** Wires every service to its repositories: part of the composition root (app.ts, the demo seed). */
export function createServices({ db, config, clock = systemClock, captchaText }: ServiceDeps) {
  const regions = loadRegions();
  const users = createUsersService(createUsersRepository(db), clock);
  const agents = createAgentsService({ db, repo: createAgentsRepository(db), users, regions, clock });
  const sessions = createSessionsService(createSessionsRepository(db), clock, config.session);
  const captcha = createCaptchaService(createCaptchaRepository(db), clock, captchaText);
  const settings = createSettingsService(createSettingsRepository(db), clock);
  const auth = createAuthService({
    users,
    agents,
    sessions,
    captcha,
    attempts: createLoginAttemptsRepository(db),
    clock,
  });
  const tasks = createTasksService({ users, agents, settings });
  return { clock, regions, users, agents, sessions, captcha, settings, auth, tasks };
}

export type Services = ReturnType<typeof createServices>;
