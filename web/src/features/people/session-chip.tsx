import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { useCurrentYearQuery } from './people.api';

/** The top bar's session: the institute's current academic year ("Session 2026-27"). */
export function SessionChip() {
  const { t } = useTranslation();
  const { data } = useCurrentYearQuery();
  if (!data) return null;
  return (
    <Chip
      label={t('shell.sessionOf', { name: data.name })}
      size="small"
      variant="outlined"
      color="primary"
      sx={{ display: { xs: 'none', md: 'inline-flex' }, flexShrink: 0 }}
    />
  );
}
