import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../kit/lists/use-debounced';
import { useGuardiansQuery, useStudentsQuery } from '../people';

/** The student the counter works on: who, and their section as the school writes it ("VII-B"). */
export type PickedStudent = {
  id: string;
  full_name: string;
  admission_no: string;
  section_name: string | null;
};

export const classLabel = (s: Pick<PickedStudent, 'section_name'>) => s.section_name ?? '';

/** Digits (a guardian's mobile, 4 or more of them) rather than a name or an admission number. */
const isPhone = (text: string) => /^\+?[\d\s-]{4,}$/.test(text) && !text.includes('/');

/**
 * Finds a student as the clerk types: by name or admission number, or by a guardian's phone
 * (their children are offered), 10 matches at a time.
 */
export function StudentPicker({
  value,
  onChange,
  autoFocus = true,
}: {
  value: PickedStudent | null;
  onChange: (student: PickedStudent | null) => void;
  /** The counter starts here; a form further down the page does not take the focus. */
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 250);
  const byPhone = isPhone(search);
  const students = useStudentsQuery(
    { search, limit: 10, status: 'enrolled' },
    { skip: search.length < 2 || byPhone },
  );
  const guardians = useGuardiansQuery(
    { search: search.replace(/[\s-]/g, ''), limit: 10 },
    { skip: !byPhone },
  );
  const options: PickedStudent[] = byPhone
    ? [
        ...new Map(
          (guardians.data?.items ?? []).flatMap((g) =>
            g.children.map((c) => [
              c.student_id,
              {
                id: c.student_id,
                full_name: c.full_name,
                admission_no: c.admission_no,
                section_name: c.class_name,
              },
            ]),
          ),
        ).values(),
      ]
    : search.length < 2
      ? []
      : (students.data?.items ?? []);
  return (
    <Autocomplete
      value={value}
      onChange={(_e, v) => onChange(v)}
      inputValue={text}
      onInputChange={(_e, v) => setText(v)}
      options={options}
      filterOptions={(o) => o}
      loading={students.isFetching || guardians.isFetching}
      getOptionLabel={(s) =>
        `${s.full_name} · ${s.admission_no}${classLabel(s) ? ` · ${classLabel(s)}` : ''}`
      }
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={search.length < 2 ? t('fees.counter.typeTwo') : t('fees.counter.noMatch')}
      loadingText={t('fees.counter.searching')}
      renderInput={(params) => (
        <TextField {...params} label={t('fees.counter.findStudent')} autoFocus={autoFocus} />
      )}
    />
  );
}
