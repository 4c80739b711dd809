/**
 * The steps of each dialog (spec section 4). Dialogs are two-step except phone verification; the
 * SMS step of the password and withdraw-account dialogs is skipped the first time they are set.
 */
export type StepName =
  | 'phone' // verify phone: phone, captcha and code in one step
  | 'newPhone' // change phone 1: the new number and its code
  | 'oldPhone' // change phone 2: the code sent to the old number
  | 'password' // the new password
  | 'resetPhone' // forgotten password 1: the registered number and its code
  | 'identity' // the real-name form and its photos
  | 'account' // the Alipay account and real name
  | 'amount' // a withdrawal's amount
  | 'confirm' // a withdrawal's withdraw password and SMS code
  | 'sms'; // the code sent to the caller's own phone

export type StepPlan =
  | { dialog: 'verifyPhone' }
  | { dialog: 'changePhone' }
  | { dialog: 'password'; firstTime: boolean }
  | { dialog: 'resetPassword' }
  | { dialog: 'identity' }
  | { dialog: 'withdraw'; firstTime: boolean }
  | { dialog: 'withdrawApply' };

export function stepsOf(plan: StepPlan): StepName[] {
  switch (plan.dialog) {
    case 'verifyPhone':
      return ['phone'];
    case 'changePhone':
      return ['newPhone', 'oldPhone'];
    case 'password':
      return plan.firstTime ? ['password'] : ['password', 'sms'];
    case 'resetPassword':
      return ['resetPhone', 'password'];
    case 'identity':
      return ['identity', 'sms'];
    case 'withdraw':
      return plan.firstTime ? ['account'] : ['account', 'sms'];
    case 'withdrawApply':
      return ['amount', 'confirm'];
  }
}

/** Where a dialog stands: the index of its step among its steps. */
export interface StepState {
  steps: readonly StepName[];
  index: number;
}

export type StepEvent = { type: 'next' } | { type: 'back' } | { type: 'reset'; steps: readonly StepName[] };

export function stepReducer(state: StepState, event: StepEvent): StepState {
  switch (event.type) {
    case 'next':
      return state.index < state.steps.length - 1 ? { ...state, index: state.index + 1 } : state;
    case 'back':
      return state.index > 0 ? { ...state, index: state.index - 1 } : state;
    case 'reset':
      return { steps: event.steps, index: 0 };
  }
}

export const currentStep = (state: StepState): StepName | undefined => state.steps[state.index];
export const isLastStep = (state: StepState): boolean => state.index >= state.steps.length - 1;
