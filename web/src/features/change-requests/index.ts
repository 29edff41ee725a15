// The change-requests feature as other features use it (scripts/boundaries.mjs, feature-index).
export { RequestChangeDialog } from './request-change-dialog';
