/** The time source of the lifecycle, the inbound path and the jobs (tests pass a fixed or moving one). */
export interface Clock {
  /** Epoch milliseconds. */
  now(): number;
}

/** The real clock. */
export const systemClock: Clock = { now: () => Date.now() };

/** The clock's current instant as an ISO string (the storage format for timestamps). */
export const isoNow = (clock: Clock) => new Date(clock.now()).toISOString();
