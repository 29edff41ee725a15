// Education boards (SPEC 3.12): national, international and state / union-territory boards.

export type BoardGroup = 'national' | 'international' | 'state';

export type Board = { value: string; label: string; group: BoardGroup };

const national: Board[] = [
  { value: 'cbse', label: 'Central Board of Secondary Education (CBSE)', group: 'national' },
  { value: 'icse', label: 'Indian Certificate of Secondary Education (ICSE)', group: 'national' },
  {
    value: 'cisce',
    label: 'Council for the Indian School Certificate Examinations (CISCE)',
    group: 'national',
  },
  { value: 'nios', label: 'National Institute of Open Schooling (NIOS)', group: 'national' },
];

const international: Board[] = [
  { value: 'ib', label: 'International Baccalaureate (IB)', group: 'international' },
  {
    value: 'caie',
    label: 'Cambridge Assessment International Education (CAIE / IGCSE)',
    group: 'international',
  },
  { value: 'edexcel', label: 'Pearson Edexcel', group: 'international' },
];

// [value, label]; the state boards are listed A–Z by state.
const stateBoards: [string, string][] = [
  ['bse-ap', 'Board of Secondary Education, Andhra Pradesh'],
  ['bie-ap', 'Board of Intermediate Education, Andhra Pradesh'],
  ['asseb', 'Assam State School Education Board'],
  ['bseb', 'Bihar School Examination Board'],
  ['cgbse', 'Chhattisgarh Board of Secondary Education'],
  ['dbse', 'Delhi Board of School Education'],
  ['gbshse', 'Goa Board of Secondary and Higher Secondary Education'],
  ['gseb', 'Gujarat Secondary and Higher Secondary Education Board'],
  ['bseh', 'Board of School Education Haryana'],
  ['hpbose', 'Himachal Pradesh Board of School Education'],
  ['jkbose', 'Jammu and Kashmir Board of School Education'],
  ['jac', 'Jharkhand Academic Council'],
  ['kseab', 'Karnataka School Examination and Assessment Board'],
  ['kbpe', 'Kerala Board of Public Examinations'],
  ['dhse-kerala', 'Directorate of Higher Secondary Education, Kerala'],
  ['mpbse', 'Board of Secondary Education, Madhya Pradesh'],
  ['msbshse', 'Maharashtra State Board of Secondary and Higher Secondary Education'],
  ['bose-manipur', 'Board of Secondary Education, Manipur'],
  ['cohsem', 'Council of Higher Secondary Education, Manipur'],
  ['mbose', 'Meghalaya Board of School Education'],
  ['mbse', 'Mizoram Board of School Education'],
  ['nbse', 'Nagaland Board of School Education'],
  ['bse-odisha', 'Board of Secondary Education, Odisha'],
  ['chse-odisha', 'Council of Higher Secondary Education, Odisha'],
  ['pseb', 'Punjab School Education Board'],
  ['rbse', 'Board of Secondary Education, Rajasthan'],
  ['dge-tn', 'Directorate of Government Examinations, Tamil Nadu (State Board)'],
  ['bse-telangana', 'Board of Secondary Education, Telangana'],
  ['tsbie', 'Telangana State Board of Intermediate Education'],
  ['tbse', 'Tripura Board of Secondary Education'],
  ['upmsp', 'Board of High School and Intermediate Education, Uttar Pradesh'],
  ['upbme', 'Uttar Pradesh Board of Madarsa Education'],
  ['ubse', 'Uttarakhand Board of School Education'],
  ['wbbse', 'West Bengal Board of Secondary Education'],
  ['wbchse', 'West Bengal Council of Higher Secondary Education'],
  ['wbbme', 'West Bengal Board of Madrasah Education'],
];

export const EDUCATION_BOARDS: readonly Board[] = [
  ...national,
  ...international,
  ...stateBoards.map(([value, label]): Board => ({ value, label, group: 'state' })),
];

export const boardsInGroup = (group: BoardGroup): Board[] =>
  EDUCATION_BOARDS.filter((b) => b.group === group);
