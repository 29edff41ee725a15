import type { Staff } from '@schooliko/common/people/staff';
import type { FileColumn } from '../../kit/export';

/** The columns of the staff file (export now; the import will read the same headers). */
export const STAFF_COLUMNS: readonly FileColumn<Staff>[] = [
  { key: 'employee_code', header: 'Employee Code', value: (s) => s.employee_code },
  { key: 'first_name', header: 'First Name', value: (s) => s.first_name },
  { key: 'last_name', header: 'Last Name', value: (s) => s.last_name },
  { key: 'kind', header: 'Kind', value: (s) => s.kind },
  { key: 'gender', header: 'Gender', value: (s) => s.gender },
  { key: 'date_of_birth', header: 'Date of Birth', value: (s) => s.date_of_birth },
  { key: 'phone', header: 'Phone', value: (s) => s.phone },
  { key: 'email', header: 'Email', value: (s) => s.email },
  { key: 'designation', header: 'Designation', value: (s) => s.designation },
  { key: 'department', header: 'Department', value: (s) => s.department },
  { key: 'joining_date', header: 'Joining Date', value: (s) => s.joining_date },
  { key: 'qualification', header: 'Qualification', value: (s) => s.qualification },
  { key: 'experience_years', header: 'Experience (Years)', value: (s) => s.experience_years },
  { key: 'subjects', header: 'Subjects', value: (s) => s.subjects },
  {
    key: 'police_verification_on',
    header: 'Police Verification On',
    value: (s) => s.police_verification_on,
  },
  {
    key: 'psychometric_evaluation_on',
    header: 'Psychometric Evaluation On',
    value: (s) => s.psychometric_evaluation_on,
  },
  { key: 'address', header: 'Address', value: (s) => s.address },
  { key: 'status', header: 'Status', value: (s) => s.status },
  { key: 'relieved_on', header: 'Relieved On', value: (s) => s.relieved_on },
];
