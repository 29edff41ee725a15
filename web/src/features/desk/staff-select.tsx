import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useStaffQuery } from '../people/people.api';

/** A staff member of the institute (the first 100 by name), but those in `exclude`. */
export function StaffSelect(props: {
  label: string;
  value: string;
  onChange: (id: string) => void;
  error?: string;
  exclude?: readonly string[];
}) {
  const { t } = useTranslation();
  const staff = useStaffQuery({ limit: 100, status: 'active' });
  return (
    <TextField
      select
      fullWidth
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      error={Boolean(props.error)}
      helperText={props.error}
    >
      <MenuItem value="">{t('desk.none')}</MenuItem>
      {(staff.data?.items ?? [])
        .filter((s) => !props.exclude?.includes(s.id))
        .map((s) => (
          <MenuItem key={s.id} value={s.id}>
            {`${s.first_name} ${s.last_name}`.trim()}
          </MenuItem>
        ))}
    </TextField>
  );
}
