import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../kit/lists/use-debounced';
import { useStudentsQuery } from '../people';

export type FoundStudent = {
  id: string;
  full_name: string;
  admission_no: string;
  section_name: string | null;
};

/** Finds an enrolled student by name or admission number as the desk types. */
export function StudentSearch({
  value,
  onChange,
  label,
}: {
  value: FoundStudent | null;
  onChange: (s: FoundStudent | null) => void;
  label: string;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 250);
  const found = useStudentsQuery({ search, limit: 10, status: 'enrolled' }, { skip: search.length < 2 });
  return (
    <Autocomplete
      value={value}
      onChange={(_e, v) => onChange(v)}
      inputValue={text}
      onInputChange={(_e, v) => setText(v)}
      options={search.length < 2 ? [] : (found.data?.items ?? [])}
      filterOptions={(o) => o}
      loading={found.isFetching}
      getOptionLabel={(s) =>
        `${s.full_name} · ${s.admission_no}${s.section_name ? ` · ${s.section_name}` : ''}`
      }
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={search.length < 2 ? t('reception.typeTwo') : t('reception.noMatch')}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}
