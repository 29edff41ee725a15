import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../layout/page-loader';
import { useBranchesQuery } from './people.api';

const FIGURES = ['students', 'girls', 'boys', 'rte', 'staff', 'teachers', 'sections', 'guardians'] as const;

/** School lists (Branches): the group's institutes side by side, with live figures. */
export default function SchoolListsPage() {
  const { t, i18n } = useTranslation();
  const { data, isLoading, isError } = useBranchesQuery();
  if (isLoading) return <PageLoader />;
  if (isError || !data) return <Alert severity="error">{t('lists.failed')}</Alert>;
  const number = new Intl.NumberFormat(`${i18n.language}-IN`);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('people.branchesTitle')}
      </Typography>
      <Typography color="text.secondary">
        {data.group ? t('people.groupOf', { group: data.group.name }) : t('people.ownInstitute')}
      </Typography>
      <Grid container spacing={2}>
        {data.items.map((b) => (
          <Grid key={b.id} size={{ xs: 12, md: 6 }}>
            <Paper variant="outlined" sx={{ p: 2 }} aria-label={b.name}>
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1.5 }}>
                <Avatar src={b.logo_url ?? undefined} alt="" />
                <Stack sx={{ flexGrow: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700 }} noWrap>
                    {b.name}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {b.code} · {b.domain}
                  </Typography>
                </Stack>
                {b.is_current && <Chip size="small" color="primary" label={t('people.thisInstitute')} />}
              </Stack>
              <Grid container spacing={1}>
                {FIGURES.map((f) => (
                  <Grid key={f} size={{ xs: 6, sm: 3 }}>
                    <Typography variant="h6" component="p">
                      {number.format(b[f])}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {t(`people.figures.${f}`)}
                    </Typography>
                  </Grid>
                ))}
              </Grid>
            </Paper>
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
