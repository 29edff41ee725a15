// The fees module's public face (scripts/boundaries.mjs): other modules import it from here only.
export { billStudents, studentsIn } from './billing.service';
export { feeFiguresOf } from './collection.read';
export { FEE_RECEIPT_EVENT } from './payments.service';
