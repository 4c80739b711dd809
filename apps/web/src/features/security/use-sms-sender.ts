import { SMS_COUNTDOWN_SECONDS } from '@agent-console/contract/constants';
import { Codes } from '@agent-console/contract/envelope';
import { SMS_TOO_FREQUENT_MESSAGE } from '@agent-console/contract/security';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api-client';
import { createStore, useStore } from '../../lib/create-store';
import { useAction } from '../../lib/use-action';

export const newCtoken = (): string => crypto.randomUUID();

/**
 * When each phone number may get a code again (epoch ms), for the life of the page. The server
 * allows one code per number per countdown, whatever the type and whichever dialog asks, so the
 * countdown belongs to the number: every SMS field sending to it shows the same seconds, at once.
 * A logout reloads the page and forgets them.
 */
const cooldowns = createStore<ReadonlyMap<string, number>>(new Map());

/** Starts (or restarts) the countdown of a number. */
export function startSmsCooldown(phone: string, seconds: number = SMS_COUNTDOWN_SECONDS): void {
  cooldowns.set((all) => new Map(all).set(phone, Date.now() + seconds * 1000));
}

const secondsUntil = (until: number): number => Math.max(0, Math.ceil((until - Date.now()) / 1000));

/** Seconds before the number may get another code; 0 when it may now. */
export const smsSecondsLeft = (phone: string | null): number =>
  phone ? secondsUntil(cooldowns.get().get(phone) ?? 0) : 0;

/** Test hook: forget every countdown. */
export const clearSmsCooldowns = (): void => cooldowns.set(new Map());

/**
 * The server's refusal of a second code within the countdown (`1029` with its per-number message;
 * the same code also refuses the daily and per-address limits, which a countdown would not end).
 * It does not say how much is left: at most the whole countdown.
 */
export const isSmsTooFrequent = (error: unknown): boolean =>
  error instanceof ApiError &&
  error.code === Codes.TOO_MANY_REQUESTS &&
  error.message === SMS_TOO_FREQUENT_MESSAGE;

/** The seconds left of a number's countdown, ticking while they run; 0 for no number. */
export function useSmsCountdown(phone: string | null): number {
  const until = useStore(cooldowns).get(phone ?? '') ?? 0;
  const [tick, setTick] = useState(0);
  const left = secondsUntil(until);
  // Re-render when the shown second ends (the time is read afresh on every render).
  // biome-ignore lint/correctness/useExhaustiveDependencies: each tick schedules the next.
  useEffect(() => {
    if (left <= 0) return;
    const msToNext = until - Date.now() - (left - 1) * 1000;
    const timer = setTimeout(() => setTick((n) => n + 1), Math.max(msToNext, 1));
    return () => clearTimeout(timer);
  }, [left, until, tick]);
  return left;
}

/** How a send ended. `waiting`: the number is counting down (no request made, or the server said so). */
export type SendOutcome = 'sent' | 'failed' | 'waiting';

export interface SmsSender {
  /** Seconds left before the number may get another code; 0 when the button is free. */
  countdown: number;
  sending: boolean;
  /** The captcha token of the next send (spec section 3: a random UUID, new after a failed send). */
  ctoken: string;
  /**
   * Runs one send to `phone` (default: the hook's number) with the current ctoken. A number still
   * counting down is not sent to. A failure the api client reported resolves to `failed` (any
   * other is thrown again), or to `waiting` when the server refused a second code within the
   * countdown: the countdown then starts.
   */
  send: (deliver: (ctoken: string) => Promise<unknown>, phone?: string | null) => Promise<SendOutcome>;
  /** Back to the initial state (dialog reset): a new ctoken; the number keeps its countdown. */
  reset: () => void;
}

/**
 * The state behind the SMS button (spec section 5): after a send to a number the button counts
 * down 59 s, in every dialog that sends to that number; a failed send gets a new ctoken so the
 * next try starts a new captcha session. `phone` is the number the field sends to now (null while
 * it is not known: no countdown shows).
 */
export function useSmsSender(phone: string | null, makeToken: () => string = newCtoken): SmsSender {
  const countdown = useSmsCountdown(phone);
  const { busy: sending, run } = useAction();
  const [ctoken, setCtoken] = useState(makeToken);

  const send = useCallback(
    async (
      deliver: (ctoken: string) => Promise<unknown>,
      to: string | null = phone,
    ): Promise<SendOutcome> => {
      if (smsSecondsLeft(to) > 0) return 'waiting';
      let waiting = false;
      const sent = await run(
        async () => {
          await deliver(ctoken);
          if (to) startSmsCooldown(to);
        },
        {
          onFailure: (error) => {
            setCtoken(makeToken());
            if (to && isSmsTooFrequent(error)) {
              waiting = true;
              startSmsCooldown(to);
            }
          },
        },
      );
      return sent ? 'sent' : waiting ? 'waiting' : 'failed';
    },
    [ctoken, makeToken, phone, run],
  );

  const reset = useCallback(() => setCtoken(makeToken()), [makeToken]);

  return { countdown, sending, ctoken, send, reset };
}
