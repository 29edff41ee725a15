import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { StudentListItem } from '@schooliko/common/people/students';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../lists/use-debounced';
import { useStudentsQuery } from '../people/people.api';

/** The student's section as the school writes it ("VII-B"; the list item carries it whole). */
export const classLabel = (s: Pick<StudentListItem, 'section_name'>) => s.section_name ?? '';

/** Finds a student by name or admission number as the clerk types (10 matches at a time). */
export function StudentPicker({
  value,
  onChange,
  autoFocus = true,
}: {
  value: StudentListItem | null;
  onChange: (student: StudentListItem | null) => void;
  /** The counter starts here; a form further down the page does not take the focus. */
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 250);
  const { data, isFetching } = useStudentsQuery(
    { search, limit: 10, status: 'enrolled' },
    { skip: search.length < 2 },
  );
  return (
    <Autocomplete
      value={value}
      onChange={(_e, v) => onChange(v)}
      inputValue={text}
      onInputChange={(_e, v) => setText(v)}
      options={search.length < 2 ? [] : (data?.items ?? [])}
      filterOptions={(o) => o}
      loading={isFetching}
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
