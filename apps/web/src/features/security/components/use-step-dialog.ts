import { DIALOG_RESET_MS } from '@agent-console/contract/constants';
import type { FormInstance } from 'antd';
import { useEffect, useReducer, useRef, useState } from 'react';
import { useAction } from '../../../lib/use-action';
import { validValues } from '../../../lib/valid-form';
import { currentStep, isLastStep, type StepName, stepReducer } from '../steps';

/** Spec section 4: a dialog goes back to its first state about 0.5 s after it closes. */
export function useDialogReset(open: boolean, reset: () => void): void {
  const latest = useRef(reset);
  latest.current = reset;
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
      return;
    }
    // Only after a close: a dialog never opened has nothing to reset (and no form mounted yet).
    if (!wasOpen.current) return;
    const timer = setTimeout(() => latest.current(), DIALOG_RESET_MS);
    return () => clearTimeout(timer);
  }, [open]);
}

/** One step of a dialog: its form, validated first, then the step's work with its values. */
export interface DialogStep {
  form: FormInstance;
  /** Validates the form: null when a field is not valid, else the step's work (none: it only asks). */
  check: () => Promise<{ work: (() => Promise<unknown>) | null } | null>;
}

/** A step whose form is validated, then its values handed to `action` (none: the step only asks). */
export function formStep<V>(form: FormInstance<V>, action?: (values: V) => Promise<unknown>): DialogStep {
  return {
    form,
    check: async () => {
      const values = await validValues(form);
      if (values === null) return null;
      return { work: action ? () => action(values) : null };
    },
  };
}

/**
 * The steps of a form followed by the code sent to the caller's own phone (identity, password and
 * withdraw account; spec section 4). The last step saves: with the code, or without it when the
 * plan skips the SMS step (set for the first time).
 */
export function formThenSms<V>({
  steps,
  first,
  form,
  smsForm,
  save,
}: {
  steps: readonly StepName[];
  first: StepName;
  form: FormInstance<V>;
  smsForm: FormInstance<{ smsCode: string }>;
  save: (smsCode?: string) => Promise<unknown>;
}): Partial<Record<StepName, DialogStep>> {
  return {
    [first]: formStep(form, steps.includes('sms') ? undefined : () => save()),
    sms: formStep(smsForm, (values) => save(values.smsCode.trim())),
  };
}

interface StepDialogOptions {
  open: boolean;
  /** The dialog's steps (`stepsOf`); a new plan while the first step shows starts it afresh. */
  steps: readonly StepName[];
  /** What each step is. Every form here is reset with the dialog. */
  handlers: Partial<Record<StepName, DialogStep>>;
  /** The toast once the last step has succeeded. */
  success: string;
  /** After the last step has succeeded (the host closes the dialog and reloads the session). */
  onDone: () => void;
  /** What else the dialog forgets when it resets (forms, step and SMS fields always are). */
  onReset?: () => void;
}

export interface StepDialog {
  step: StepName | undefined;
  index: number;
  busy: boolean;
  /** Whether the dialog is open on this step (its SMS field may load a captcha and send). */
  shows: (name: StepName) => boolean;
  /** Changes with every reset: the SMS code fields start afresh. */
  resetKey: number;
  /** 下一步/确定: the step's form and work, then the next step, or the toast and `onDone` after the last. */
  submit: () => void;
}

/**
 * The two-step shape every account-security dialog shares (spec section 4): validate the step,
 * do its work (busy meanwhile), then go on to the next step, or toast and finish after the last;
 * reset about 0.5 s after closing.
 */
export function useStepDialog({
  open,
  steps,
  handlers,
  success,
  onDone,
  onReset,
}: StepDialogOptions): StepDialog {
  const [state, dispatch] = useReducer(stepReducer, { steps, index: 0 });
  const [resetKey, setResetKey] = useState(0);
  const { busy, run } = useAction();
  useDialogReset(open, () => {
    for (const handler of Object.values(handlers)) handler.form.resetFields();
    dispatch({ type: 'reset', steps });
    setResetKey((k) => k + 1);
    onReset?.();
  });
  // The plan follows the account: opened again after a first setting, the SMS step comes back.
  if (open && state.index === 0 && state.steps.join() !== steps.join()) dispatch({ type: 'reset', steps });

  const step = currentStep(state);
  const last = isLastStep(state);
  const submit = async () => {
    const handler = step && handlers[step];
    if (!handler || busy) return;
    const checked = await handler.check();
    if (!checked) return;
    const { work } = checked;
    if (!work && !last) {
      dispatch({ type: 'next' });
      return;
    }
    // Busy while the step's call runs; a failure the api client reported leaves the step as it is.
    await run(
      async () => {
        await work?.();
        if (!last) {
          dispatch({ type: 'next' });
          return false;
        }
        onDone();
        return true;
      },
      { success: (finished) => (finished ? success : null) },
    );
  };

  return {
    step,
    index: state.index,
    busy,
    shows: (name) => open && step === name,
    resetKey,
    submit: () => void submit(),
  };
}
