import { createStore, useStore } from './create-store';

/** How many calls are in flight (spec section 4: a global loading counter goes up and down). */
export const pendingCalls = createStore(0);

export const beginCall = (): void => pendingCalls.set((n) => n + 1);
export const endCall = (): void => pendingCalls.set((n) => Math.max(0, n - 1));

export const usePendingCalls = (): number => useStore(pendingCalls);
