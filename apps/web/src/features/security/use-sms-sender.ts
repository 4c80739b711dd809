import { SMS_COUNTDOWN_SECONDS } from '@agent-console/contract';
import { useCallback, useEffect, useState } from 'react';
import { useAction } from '../../lib/use-action';

export const newCtoken = (): string => crypto.randomUUID();

/** The cooldown key of codes sent to the caller's own bound phone, whichever dialog sent them. */
export const OWN_PHONE = 'own-phone';
/** The cooldown key of codes sent to a number typed into the form. */
export const typedPhone = (mobilePhone: string): string => `phone:${mobilePhone}`;

/**
 * When each phone may get a code again (epoch ms), for the life of the page: the server allows
 * one code per phone per countdown, so closing a dialog and opening another must not offer a
 * send the server would refuse. A logout reloads the page and forgets them.
 */
const cooldowns = new Map<string, number>();

const secondsLeft = (key: string | null): number => {
  const until = key ? (cooldowns.get(key) ?? 0) : 0;
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
};

/** Test hook: forget every cooldown. */
export const clearSmsCooldowns = (): void => cooldowns.clear();

export interface SmsSender {
  /** Seconds left before another code may be requested; 0 when the button is free. */
  countdown: number;
  sending: boolean;
  /** The captcha token of the next send (spec section 3: a random UUID, new after a failed send). */
  ctoken: string;
  /**
   * Runs one send with the current ctoken; true when the code went out, false when the api client
   * reported why not (any other failure is thrown again). `key` names the phone (default: the
   * hook's key); a phone still cooling down only shows its countdown.
   */
  send: (deliver: (ctoken: string) => Promise<unknown>, key?: string | null) => Promise<boolean>;
  /** Back to the initial state (dialog reset): a new ctoken, the countdown its phone still has. */
  reset: () => void;
}

/**
 * The state behind the SMS button (spec section 5): after a send the button counts down 59 s;
 * a failed send gets a new ctoken so the next try starts a new captcha session. With a
 * `cooldownKey` the countdown outlives the dialog: another dialog sending to the same phone
 * starts with the seconds that are left.
 */
export function useSmsSender(
  makeToken: () => string = newCtoken,
  cooldownKey: string | null = null,
): SmsSender {
  const [countdown, setCountdown] = useState(() => secondsLeft(cooldownKey));
  const { busy: sending, run } = useAction();
  const [ctoken, setCtoken] = useState(makeToken);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((n) => Math.max(0, n - 1)), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const send = useCallback(
    async (deliver: (ctoken: string) => Promise<unknown>, key: string | null = cooldownKey) => {
      if (countdown > 0) return false;
      const left = secondsLeft(key);
      if (left > 0) {
        setCountdown(left);
        return false;
      }
      return run(
        async () => {
          await deliver(ctoken);
          if (key) cooldowns.set(key, Date.now() + SMS_COUNTDOWN_SECONDS * 1000);
          setCountdown(SMS_COUNTDOWN_SECONDS);
        },
        { onFailure: () => setCtoken(makeToken()) },
      );
    },
    [countdown, ctoken, makeToken, cooldownKey, run],
  );

  const reset = useCallback(() => {
    setCountdown(secondsLeft(cooldownKey));
    setCtoken(makeToken());
  }, [makeToken, cooldownKey]);

  return { countdown, sending, ctoken, send, reset };
}
