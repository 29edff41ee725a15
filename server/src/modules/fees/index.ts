/**
 * Fees' public face: what other modules may use (ADR 016). Anything else in this folder is
 * fees' own. Another module bills a pupil with `charge()` and takes the charge back with
 * `cancelCharges()` (docs/modules.md, "Billing a pupil from another module").
 */
export {
  type CancelledCharges,
  type Charge,
  type ChargeInput,
  type ChargeSource,
  cancelCharges,
  charge,
} from './charges.service';
export { CHARGE_SOURCE_KINDS, type ChargeSourceKind } from './fees.table';
