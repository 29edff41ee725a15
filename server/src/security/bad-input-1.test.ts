import { badInputSuite } from './bad-input';

// Half of the documented routes (bad-input.ts says why in halves).
await badInputSuite(0, 2);
