// The academics feature as other features use it (scripts/boundaries.mjs, feature-index).
export { formatDay } from './dates';
