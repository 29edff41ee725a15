import type { Visitor } from '@schooliko/common/reception/visitors';
import type { FileColumn } from '../../kit/export';
import { indianTime } from './pass.pdf';

/** The daily visitor register as a file (GET /api/visitors/export). */
export const VISITOR_COLUMNS: readonly FileColumn<Visitor>[] = [
  { key: 'pass_label', header: 'Pass No.', value: (v) => v.pass_label },
  { key: 'name', header: 'Name', value: (v) => v.name },
  { key: 'phone', header: 'Mobile', value: (v) => v.phone },
  { key: 'purpose', header: 'Purpose', value: (v) => v.purpose },
  { key: 'host_name', header: 'To Meet', value: (v) => v.host_name ?? '' },
  { key: 'student_name', header: 'Student', value: (v) => v.student_name ?? '' },
  { key: 'relation', header: 'Relation', value: (v) => v.relation ?? '' },
  { key: 'persons', header: 'Persons', value: (v) => v.persons },
  {
    key: 'id_proof',
    header: 'ID Proof',
    value: (v) => (v.id_proof_type === 'none' ? '' : `${v.id_proof_type} ${v.id_proof_last4}`),
  },
  { key: 'checked_in_at', header: 'Time In', value: (v) => indianTime(v.checked_in_at) },
  {
    key: 'checked_out_at',
    header: 'Time Out',
    value: (v) => (v.checked_out_at ? indianTime(v.checked_out_at) : ''),
  },
  { key: 'overstay', header: 'Overstay', value: (v) => (v.overstay ? 'Yes' : 'No') },
];
