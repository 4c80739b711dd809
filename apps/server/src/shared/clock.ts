/** The time source every service takes from the composition root, so tests can move it. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
