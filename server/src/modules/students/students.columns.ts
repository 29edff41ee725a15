import type { Student } from '@schooliko/common/people/students';
import type { FileColumn } from '../../kit/export';

/**
 * The columns of the students file: what an export writes and what an import reads (a header is
 * matched by its letters and digits only, so "Admission No", "admission_no" and "ADMISSION NO."
 * are one column). The template download is these headers with no rows.
 */
export const STUDENT_COLUMNS: readonly FileColumn<Student>[] = [
  { key: 'admission_no', header: 'Admission No', value: (s) => s.admission_no },
  { key: 'roll_no', header: 'Roll No', value: (s) => s.roll_no },
  { key: 'first_name', header: 'First Name', value: (s) => s.first_name },
  { key: 'middle_name', header: 'Middle Name', value: (s) => s.middle_name },
  { key: 'last_name', header: 'Last Name', value: (s) => s.last_name },
  { key: 'date_of_birth', header: 'Date of Birth', value: (s) => s.date_of_birth },
  { key: 'gender', header: 'Gender', value: (s) => s.gender },
  { key: 'section', header: 'Section', value: (s) => s.section_name },
  { key: 'status', header: 'Status', value: (s) => s.status },
  { key: 'blood_group', header: 'Blood Group', value: (s) => s.blood_group },
  { key: 'social_category', header: 'Social Category', value: (s) => s.social_category },
  { key: 'religion', header: 'Religion', value: (s) => s.religion },
  { key: 'mother_tongue', header: 'Mother Tongue', value: (s) => s.mother_tongue },
  { key: 'nationality', header: 'Nationality', value: (s) => s.nationality },
  { key: 'apaar_id', header: 'APAAR ID', value: (s) => s.apaar_id },
  { key: 'pen', header: 'PEN', value: (s) => s.pen },
  { key: 'aadhaar_last4', header: 'Aadhaar Last 4', value: (s) => s.aadhaar_last4 },
  { key: 'bpl', header: 'BPL', value: (s) => (s.bpl ? 'yes' : 'no') },
  { key: 'rte', header: 'RTE', value: (s) => (s.rte ? 'yes' : 'no') },
  { key: 'cwsn', header: 'CWSN', value: (s) => (s.cwsn ? 'yes' : 'no') },
  { key: 'impairment', header: 'Impairment', value: (s) => s.impairment },
  { key: 'address', header: 'Address', value: (s) => s.address },
  { key: 'city', header: 'City', value: (s) => s.city },
  { key: 'state', header: 'State', value: (s) => s.state },
  { key: 'pincode', header: 'Pincode', value: (s) => s.pincode },
  { key: 'previous_school', header: 'Previous School', value: (s) => s.previous_school },
  { key: 'previous_tc_no', header: 'Previous TC No', value: (s) => s.previous_tc_no },
  { key: 'medium', header: 'Medium', value: (s) => s.medium },
  { key: 'stream', header: 'Stream', value: (s) => s.stream },
  { key: 'house', header: 'House', value: (s) => s.house },
  { key: 'admitted_on', header: 'Admitted On', value: (s) => s.admitted_on },
];
