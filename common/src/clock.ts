/**
 * The tests' working day: Thursday 26 November 2026, 11:00 in India. The e2e server, the journeys
 * and the API suite on PGlite run on it, so a run on a Sunday, a holiday or at midnight sees the
 * same school day (a check that needs a weekend or quiet hours sets its own date or hour).
 */
export const TEST_NOW = '2026-11-26T11:00:00+05:30';

/**
 * Moves this JavaScript realm's clock to `at`, from where it keeps running: `Date.now()` and
 * `new Date()` answer `at` plus the time since the call; dates built from a value are untouched,
 * and `instanceof Date` holds. PGlite reads the same clock, so the embedded database's `now()`
 * moves with it. Self-contained, so that it can also be sent to a browser page as an init script.
 */
export function pinClock(at: string | number): void {
  // Pinned again (the API suite, once a test file), it starts from the real clock, not the last pin.
  const store = globalThis as unknown as Record<
    symbol,
    { Date: DateConstructor; origin?: number } | undefined
  >;
  const key = Symbol.for('schooliko.realClock');
  const real = store[key] ?? { Date, origin: globalThis.performance?.timeOrigin };
  store[key] = real;
  const Real = real.Date;
  const offset = new Real(at).getTime() - Real.now();
  if (Number.isNaN(offset)) throw new RangeError(`pinClock: not a date: ${at}`);
  const now = () => Real.now() + offset;
  globalThis.Date = new Proxy(Real, {
    construct: (target, args, newTarget) =>
      Reflect.construct(target, args.length ? args : [now()], newTarget) as object,
    apply: () => new Real(now()).toString(),
    get: (target, name, receiver) => (name === 'now' ? now : Reflect.get(target, name, receiver)),
  });
  // performance.timeOrigin is the wall-clock moment the realm started: code compares it with now.
  const origin = real.origin;
  if (origin !== undefined)
    Object.defineProperty(globalThis.performance, 'timeOrigin', {
      configurable: true,
      get: () => origin + offset,
    });
}
