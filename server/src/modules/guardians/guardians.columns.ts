import type { Guardian } from '@schooliko/common/people/guardians';
import type { FileColumn } from '../../kit/export';

const children = (g: Guardian) =>
  g.children
    .map((c) => `${c.full_name} (${c.admission_no}${c.class_name ? `, ${c.class_name}` : ''})`)
    .join('; ');

/** The columns of the guardians file (an export; the same headers an import will read). */
export const GUARDIAN_COLUMNS: readonly FileColumn<Guardian>[] = [
  { key: 'name', header: 'Name', value: (g) => g.name },
  { key: 'phone', header: 'Phone', value: (g) => g.phone },
  { key: 'email', header: 'Email', value: (g) => g.email },
  { key: 'occupation', header: 'Occupation', value: (g) => g.occupation },
  {
    key: 'annual_income',
    header: 'Annual Income',
    value: (g) => (g.annual_income === null ? null : g.annual_income / 100),
  },
  { key: 'education', header: 'Education', value: (g) => g.education },
  { key: 'address', header: 'Address', value: (g) => g.address },
  { key: 'children', header: 'Children', value: children },
  { key: 'relations', header: 'Relations', value: (g) => g.children.map((c) => c.relation).join('; ') },
];
