import { useCallback, useRef, useState } from 'react';
import { ApiError } from './api-client';
import { notifySuccess } from './notify';

/**
 * Whether the api client has already done all that spec section 8 asks for this failure (a toast,
 * the way to /login, a redirect, or deliberate silence): nothing is left for the caller to say.
 */
export const isReported = (error: unknown): error is ApiError => error instanceof ApiError && error.reported;

export interface ActionOptions<T> {
  /** The success toast, shown once the action resolves; a function of its result may give none. */
  success?: string | ((result: T) => string | null);
  /** Runs on any failure, before it is dropped or thrown again (a new captcha, a new token...). */
  onFailure?: (error: unknown) => void | Promise<void>;
}

/**
 * The one way a dialog or form runs what the user asked for: the action, then its success toast.
 * A failure the api client has reported is dropped (the user has seen it; the dialog stays as it
 * is); anything else is thrown again, so a bug never vanishes. Resolves to whether it succeeded.
 */
export async function runAction<T>(
  action: () => Promise<T>,
  options: ActionOptions<T> = {},
): Promise<boolean> {
  let result: T;
  try {
    result = await action();
  } catch (error) {
    await options.onFailure?.(error);
    if (isReported(error)) return false;
    throw error;
  }
  const text = typeof options.success === 'function' ? options.success(result) : options.success;
  if (text) notifySuccess(text);
  return true;
}

export interface Action {
  /** True while an action runs (the button's spinner). */
  busy: boolean;
  /** `runAction`, one at a time: while one runs, another resolves to false at once without running. */
  run: <T>(action: () => Promise<T>, options?: ActionOptions<T>) => Promise<boolean>;
}

/** `runAction` with a busy state, for the submit button of a dialog or form. */
export function useAction(): Action {
  const [busy, setBusy] = useState(false);
  const running = useRef(false);
  const run = useCallback(async <T>(action: () => Promise<T>, options?: ActionOptions<T>) => {
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    try {
      return await runAction(action, options);
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
