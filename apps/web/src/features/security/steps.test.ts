import { describe, expect, it } from 'vitest';
import { currentStep, isLastStep, type StepState, stepReducer, stepsOf } from './steps';

describe('stepsOf', () => {
  it('gives every dialog its steps of spec section 4', () => {
    expect(stepsOf({ dialog: 'verifyPhone' })).toEqual(['phone']);
    expect(stepsOf({ dialog: 'changePhone' })).toEqual(['newPhone', 'oldPhone']);
    expect(stepsOf({ dialog: 'withdrawApply' })).toEqual(['amount', 'confirm']);
    expect(stepsOf({ dialog: 'identity' })).toEqual(['identity', 'sms']);
    expect(stepsOf({ dialog: 'resetPassword' })).toEqual(['resetPhone', 'password']);
  });

  it('skips the SMS step of the password and withdraw dialogs the first time', () => {
    expect(stepsOf({ dialog: 'password', firstTime: false })).toEqual(['password', 'sms']);
    expect(stepsOf({ dialog: 'password', firstTime: true })).toEqual(['password']);
    expect(stepsOf({ dialog: 'withdraw', firstTime: false })).toEqual(['account', 'sms']);
    expect(stepsOf({ dialog: 'withdraw', firstTime: true })).toEqual(['account']);
  });
});

describe('stepReducer', () => {
  const start: StepState = { steps: stepsOf({ dialog: 'identity' }), index: 0 };

  it('moves forward to the last step and no further', () => {
    const second = stepReducer(start, { type: 'next' });
    expect(currentStep(second)).toBe('sms');
    expect(isLastStep(second)).toBe(true);
    expect(stepReducer(second, { type: 'next' })).toBe(second);
  });

  it('goes back to the first step and no further', () => {
    const second = stepReducer(start, { type: 'next' });
    expect(currentStep(stepReducer(second, { type: 'back' }))).toBe('identity');
    expect(stepReducer(start, { type: 'back' })).toBe(start);
  });

  it('resets to the first step of a new plan', () => {
    const second = stepReducer(
      { steps: stepsOf({ dialog: 'password', firstTime: false }), index: 0 },
      { type: 'next' },
    );
    const reset = stepReducer(second, {
      type: 'reset',
      steps: stepsOf({ dialog: 'password', firstTime: true }),
    });
    expect(reset).toEqual({ steps: ['password'], index: 0 });
    expect(isLastStep(reset)).toBe(true);
  });
});
