// The join-requests feature as other features use it (scripts/boundaries.mjs, feature-index).
export { CancelRequestButton } from './cancel-request-button';
export { FindGroupPanel } from './find-group-panel';
export { pendingRequestOf } from './join-request.slice';
export { useJoinStatus } from './use-join-status';
