import { pinClock } from '@schooliko/common/clock';

// The end-to-end server's working day (CLOCK_AT, an ISO moment, common/src/clock.ts): imported
// first by main.ts, so that every module and the embedded database read the pinned clock. Never in
// production.
const at = process.env.CLOCK_AT;
if (at && process.env.NODE_ENV !== 'production') pinClock(at);
