/**
 * Which tier of the suite runs (scripts/test.mjs): `npm test` (the gate, at sample size) or
 * `npm run test:soak` (TEST_TIER=soak: the full bad-input fuzz, the roles matrix with every caller,
 * the fault suites on PostgreSQL). A sampled suite still reaches every route.
 */
export const soak = process.env.TEST_TIER === 'soak';

/** `full` in the soak tier, `sample` in `npm test`. */
export const sized = (sample: number, full: number) => (soak ? full : sample);

/** A test that seeds the whole demo school (1,200 pupils), twice over: a minute or two on a busy machine. */
export const SEEDS_DEMO = { timeout: 240_000 };
