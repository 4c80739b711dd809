import { SMS_COUNTDOWN_SECONDS } from '@agent-console/contract';
import { useCallback, useEffect, useRef, useState } from 'react';

export const newCtoken = (): string => crypto.randomUUID();

export interface SmsSender {
  /** Seconds left before another code may be requested; 0 when the button is free. */
  countdown: number;
  sending: boolean;
  /** The captcha token of the next send (spec section 3: a random UUID, new after a failed send). */
  ctoken: string;
  /** Runs one send with the current ctoken; true when the code went out. */
  send: (deliver: (ctoken: string) => Promise<unknown>) => Promise<boolean>;
  /** Back to the initial state (dialog reset): no countdown, a new ctoken. */
  reset: () => void;
}

/**
 * The state behind the SMS button (spec section 5): after a send the button counts down 59 s;
 * a failed send gets a new ctoken so the next try starts a new captcha session.
 */
export function useSmsSender(makeToken: () => string = newCtoken): SmsSender {
  const [countdown, setCountdown] = useState(0);
  const [sending, setSending] = useState(false);
  const [ctoken, setCtoken] = useState(makeToken);
  const busy = useRef(false);

  useEffect(() => {
    if (countdown <= 0) return;
    const timer = setTimeout(() => setCountdown((n) => Math.max(0, n - 1)), 1000);
    return () => clearTimeout(timer);
  }, [countdown]);

  const send = useCallback(
    async (deliver: (ctoken: string) => Promise<unknown>) => {
      if (busy.current || countdown > 0) return false;
      busy.current = true;
      setSending(true);
      try {
        await deliver(ctoken);
        setCountdown(SMS_COUNTDOWN_SECONDS);
        return true;
      } catch {
        setCtoken(makeToken());
        return false;
      } finally {
        busy.current = false;
        setSending(false);
      }
    },
    [countdown, ctoken, makeToken],
  );

  const reset = useCallback(() => {
    setCountdown(0);
    setCtoken(makeToken());
  }, [makeToken]);

  return { countdown, sending, ctoken, send, reset };
}
