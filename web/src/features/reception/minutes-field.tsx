import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** A length of time picked from a few choices ("30 minutes", "2 hours"): a visit, an appointment. */
export function MinutesField({
  label,
  value,
  choices,
  onChange,
}: {
  label: string;
  value: number;
  choices: readonly number[];
  onChange: (minutes: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(e) => onChange(Number(e.target.value))}
      sx={{ flex: 1 }}
    >
      {choices.map((m) => (
        <MenuItem key={m} value={m}>
          {t('reception.visitors.minutes', { count: m })}
        </MenuItem>
      ))}
    </TextField>
  );
}
