// The messaging feature as other features use it (scripts/boundaries.mjs, feature-index).
export { useBulkRemindMutation } from './messaging.api';
