import { loggableError } from '../../shared/loggable-error';
import type { OutboxLog, OutboxService } from './outbox.service';

export const DEFAULT_DISPATCH_INTERVAL_MS = 30_000;

/**
 * Runs the outbox's `dispatchDue()` once at start and then every `intervalMs`: it delivers what a
 * crash left pending and the retries that are due. One round at a time; `stop()` waits for the
 * round under way, so the database can close after it.
 */
export function createOutboxDispatcher(
  outbox: Pick<OutboxService, 'dispatchDue'>,
  log: Pick<OutboxLog, 'warn'> & { error(obj: Record<string, unknown>, msg: string): void },
  intervalMs = DEFAULT_DISPATCH_INTERVAL_MS,
) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  function round(): Promise<void> {
    if (running) return running;
    running = outbox
      .dispatchDue()
      .then(
        () => {},
        (err: unknown) => {
          log.error({ err: loggableError(err) }, 'outbox dispatcher round failed');
        },
      )
      .finally(() => {
        running = null;
      });
    return running;
  }

  return {
    /** Starts the rounds: one now, then one every interval. */
    start(): void {
      if (timer || stopped) return;
      timer = setInterval(() => void round(), intervalMs);
      timer.unref();
      void round();
    },
    /** Runs one round now (or waits for the one under way). */
    round,
    /** No more rounds; resolves when the one under way has finished. */
    async stop(): Promise<void> {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = null;
      await running;
    },
  };
}

export type OutboxDispatcher = ReturnType<typeof createOutboxDispatcher>;
