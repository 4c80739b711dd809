import { Codes } from '@agent-console/contract';
import { AppError } from '../../shared/app-error';
import type { Clock } from '../../shared/clock';
import { hours } from '../../shared/time';
import type { RateLimitRepository } from './rate-limit.repository';

/** At most `limit` requests per fixed window of `windowMs` (at most a day) for one subject. */
export interface RateRule {
  /** Names the bucket: `<name>:<subject>`. */
  readonly name: string;
  readonly limit: number;
  readonly windowMs: number;
  /** The 1029 message past the limit. */
  readonly message: string;
}

const MAX_WINDOW_MS = hours(24);

/**
 * Request limits shared by every server process on one database: each request counts one hit in
 * its rule's current window (windows start on multiples of `windowMs` since the epoch: the clock's
 * minute, the UTC day), in one atomic statement, so parallel requests cannot slip past the limit.
 * Refused requests count too: hammering does not shorten the wait.
 */
export function createRateLimiter(repo: RateLimitRepository, clock: Clock) {
  return {
    /** Counts one request of `subject` under each rule; past any rule's limit, 1029 with its message. */
    async take(subject: string, ...rules: readonly RateRule[]): Promise<void> {
      const now = clock().getTime();
      let refused: RateRule | null = null;
      for (const rule of rules) {
        if (rule.windowMs > MAX_WINDOW_MS) throw new Error(`rate rule ${rule.name}: window over a day`);
        const windowStart = new Date(now - (now % rule.windowMs));
        const hits = await repo.hit(`${rule.name}:${subject}`, windowStart);
        // The first hit of a window clears windows no rule can still be counting.
        if (hits === 1) await repo.purgeBefore(new Date(now - 2 * MAX_WINDOW_MS));
        if (hits > rule.limit) refused ??= rule;
      }
      if (refused) throw new AppError(Codes.TOO_MANY_REQUESTS, refused.message);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
