import ArrowBack from '@mui/icons-material/ArrowBack';
import Edit from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { PageLoader } from '../../layout/page-loader';
import { DetailsGrid, RecordLoadError } from './details-grid';
import { HistoryList } from './history-list';
import { InviteButton } from './invite-dialog';
import { useGuardianQuery, useHistoryQuery } from './people.api';

const rupees = (paise: number | null) =>
  paise === null ? null : `₹${(paise / 100).toLocaleString('en-IN', { maximumFractionDigits: 2 })}`;

/** A parent's or guardian's record: details, their children (with relation and pickup), history. */
export default function GuardianProfilePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [tab, setTab] = useState<'details' | 'children' | 'history'>('details');
  const permissions = useAppSelector((s) => s.auth.user?.permissions ?? []);
  const { data: g, isLoading, isError, refetch } = useGuardianQuery(id);
  const history = useHistoryQuery({ kind: 'guardians', id }, { skip: tab !== 'history' });
  if (isLoading) return <PageLoader />;
  if (isError || !g) return <RecordLoadError onRetry={() => void refetch()} />;
  return (
    <Stack spacing={2}>
      <Button component={RouterLink} to="/parent" startIcon={<ArrowBack />} sx={{ alignSelf: 'flex-start' }}>
        {t('people.back')}
      </Button>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flexGrow: 1 }}>
            {g.name}
          </Typography>
          {(g.has_account || permissions.includes('people:invite')) && (
            <InviteButton kind="guardians" ids={[g.id]} hasAccount={g.has_account} />
          )}
          {permissions.includes('guardians:write') && (
            <Button
              component={RouterLink}
              to={`/parent/${g.id}/edit`}
              variant="outlined"
              startIcon={<Edit />}
            >
              {t('people.edit')}
            </Button>
          )}
        </Stack>
        <Typography color="text.secondary">{g.phone}</Typography>
      </Paper>
      <Tabs value={tab} onChange={(_e, v) => setTab(v)} variant="scrollable" allowScrollButtonsMobile>
        <Tab value="details" label={t('people.tabs.details')} />
        <Tab value="children" label={t('people.columns.children')} />
        {permissions.includes('people:audit') && <Tab value="history" label={t('people.tabs.history')} />}
      </Tabs>
      {tab === 'details' && (
        <DetailsGrid
          groups={[
            {
              title: t('people.sections.identity'),
              fields: [
                ['phone', g.phone],
                ['email', g.email],
                ['occupation', g.occupation],
                ['annual_income', rupees(g.annual_income)],
                ['education', g.education ? t(`people.education.${g.education}`) : null],
                ['address', g.address],
              ],
            },
          ]}
        />
      )}
      {tab === 'children' &&
        (g.children.length ? (
          <Stack component="ul" spacing={1} aria-label={t('people.columns.children')} sx={{ p: 0, m: 0 }}>
            {g.children.map((c) => (
              <Paper key={c.student_id} component="li" variant="outlined" sx={{ p: 2, listStyle: 'none' }}>
                <Link component={RouterLink} to={`/student/${c.student_id}`} sx={{ fontWeight: 700 }}>
                  {c.full_name}
                </Link>
                <Typography variant="body2" color="text.secondary">
                  {[
                    c.admission_no,
                    c.class_name,
                    t(`people.relation.${c.relation}`),
                    c.authorised_pickup ? t('people.fields.authorised_pickup') : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Typography>{t('people.noChildrenLinked')}</Typography>
        ))}
      {tab === 'history' && <HistoryList entries={history.data} />}
    </Stack>
  );
}
