/** Injectable time source so tests can move through expiry and deadlines. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
