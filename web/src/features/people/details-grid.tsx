import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../kit/lists/load-failed';

export type DetailGroup = { title: string; fields: [key: string, value: string | null | undefined][] };

/** A record's fields in titled groups, label above value; two columns on a wide screen. */
export function DetailsGrid({ groups }: { groups: DetailGroup[] }) {
  const { t } = useTranslation();
  return (
    <Grid container spacing={2}>
      {groups.map((group) => (
        <Grid key={group.title} size={{ xs: 12, md: 6 }}>
          <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
              {group.title}
            </Typography>
            <Grid container spacing={1}>
              {group.fields.map(([key, value]) => (
                <Grid key={key} size={{ xs: 6 }}>
                  <Typography variant="caption" color="text.secondary">
                    {t(`people.fields.${key}`)}
                  </Typography>
                  <Typography variant="body2">{value || t('people.notGiven')}</Typography>
                </Grid>
              ))}
            </Grid>
          </Paper>
        </Grid>
      ))}
    </Grid>
  );
}

/** A record that could not be loaded: says so, with a retry. */
export function RecordLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return <LoadFailed onRetry={onRetry} message={t('people.notFound')} />;
}
