/** Time as the app sees it. Services take it from here so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests set and advance by hand. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string = '2026-01-01T00:00:00Z') {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }
  advance(milliseconds: number): void {
    this.current += milliseconds;
  }
}

/** The system clock plus an offset that only moves forward: the browser journeys' test clock (TEST_CLOCK). */
export class AdjustableClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(milliseconds: number): void {
    this.offsetMs += Math.max(0, milliseconds);
  }
}
