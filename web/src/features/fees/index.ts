// The fees feature as other features use it (scripts/boundaries.mjs, feature-index).
export { usePrintReceipt } from './use-print-receipt';
