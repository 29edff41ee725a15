/**
 * Fees' public face: what other modules may use (ADR 016). Anything else in this folder is
 * fees' own. Another module bills a pupil with `charge()` and takes the charge back with
 * `cancelCharges()` (docs/modules.md, "Billing a pupil from another module").
 */

export { billStudents, studentsIn } from './billing.service';
export {
  type CancelledCharges,
  type Charge,
  type ChargeInput,
  type ChargeSource,
  cancelCharges,
  charge,
} from './charges.service';
export { feeFiguresOf, recentReceipts } from './collection.read';
export { CHARGE_SOURCE_KINDS, type ChargeSourceKind } from './fees.table';
export { FEE_RECEIPT_EVENT } from './payments.service';
