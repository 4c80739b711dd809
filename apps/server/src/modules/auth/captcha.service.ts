import { randomInt, timingSafeEqual } from 'node:crypto';
import { type CaptchaImage, Codes } from '@agent-console/contract';
import type { Database } from '../../db/client';
import { lockKeys } from '../../db/locks';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { randomToken, sha256Hex } from '../../shared/hash';
import { minutes } from '../../shared/time';
import type { CaptchaRepository } from './captcha.repository';
import { CAPTCHA_CHARS, renderCaptchaSvg } from './captcha-image';

export const CAPTCHA_TTL_MS = minutes(5);
/** Images one address may ask for per minute; past that '1029'. */
export const CAPTCHAS_PER_MINUTE = 30;
const CAPTCHA_LENGTH = 4;

/** Picks the characters of a new captcha (crypto-random by default; tests pass a known one). */
export type CaptchaText = () => string;

export const randomCaptchaText: CaptchaText = () =>
  Array.from({ length: CAPTCHA_LENGTH }, () => CAPTCHA_CHARS[randomInt(CAPTCHA_CHARS.length)]).join('');

const answerHash = (key: string, answer: string) => sha256Hex(`${key}:${answer.trim().toLowerCase()}`);

export function createCaptchaService(
  db: Database,
  repo: CaptchaRepository,
  clock: Clock,
  text: CaptchaText = randomCaptchaText,
) {
  return {
    /** A new image captcha: its answer is stored hashed, case-insensitive, single use, for 5 minutes. */
    async create(ip: string): Promise<CaptchaImage> {
      const captchaKey = randomToken(18);
      const answer = text();
      // Counted and stored under the address's lock: parallel requests count one another.
      const now = await db.transaction(async (tx) => {
        await lockKeys(tx, [`captcha:ip:${ip}`]);
        const at = clock();
        if ((await repo.countByIpSince(ip, new Date(at.getTime() - minutes(1)))) >= CAPTCHAS_PER_MINUTE)
          throw new AppError(Codes.TOO_MANY_REQUESTS);
        await repo.insert({
          key: captchaKey,
          answerHash: answerHash(captchaKey, answer),
          createdAt: at,
          expiresAt: new Date(at.getTime() + CAPTCHA_TTL_MS),
          ip,
        });
        return at;
      });
      await repo.purgeExpired(new Date(now.getTime() - minutes(60)));
      // Drawn so that a script cannot read it off the SVG (captcha-image.ts).
      return { captchaKey, svg: renderCaptchaSvg(answer) };
    },

    /** Checks an answer and uses the captcha up, right or wrong: each image allows one try. */
    async verify(key: string, answer: string): Promise<boolean> {
      const stored = await repo.consume(key, clock());
      if (!stored) return false;
      return timingSafeEqual(Buffer.from(stored), Buffer.from(answerHash(key, answer)));
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
