// The jobs feature as other features use it (scripts/boundaries.mjs, feature-index).
export { jobArrived, useLiveJob } from './jobs.api';
