import { pinClock, TEST_NOW } from '@schooliko/common/clock';
// The app first, as a server loads it: one worker runs many test files on one module cache, and a
// text that two catalogues declare answers the code of the catalogue the app loads first
// (common/src/messages.ts), whichever file a worker happens to start with.
import '../app';

// Each test file starts on the suite's working day (common/src/clock.ts), with PGlite's now() on the
// same clock. PostgreSQL keeps its own clock: on it, tests see the real date and hour.
if (process.env.TEST_DB !== 'postgres') pinClock(TEST_NOW);
