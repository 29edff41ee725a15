import type { Enquiry } from '@schooliko/common/desk/enquiries';
import type { FileColumn } from '../../kit/export';

/** The admission enquiry register as a file (GET /api/admission-enquiries/export). */
export const ENQUIRY_COLUMNS: readonly FileColumn<Enquiry>[] = [
  { key: 'created_at', header: 'Received', value: (x) => x.created_at.slice(0, 10) },
  { key: 'source', header: 'Source', value: (x) => x.source },
  { key: 'student_name', header: 'Student', value: (x) => x.student_name },
  { key: 'class_sought', header: 'Class sought', value: (x) => x.class_sought },
  { key: 'parent_name', header: 'Parent', value: (x) => x.parent_name },
  { key: 'phone', header: 'Mobile', value: (x) => x.phone },
  { key: 'email', header: 'Email', value: (x) => x.email ?? '' },
  { key: 'state', header: 'Stage', value: (x) => x.state },
  { key: 'counsellor_name', header: 'Counsellor', value: (x) => x.counsellor_name ?? '' },
  { key: 'next_follow_up_on', header: 'Next follow-up', value: (x) => x.next_follow_up_on ?? '' },
];
