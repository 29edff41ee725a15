import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { AssignmentListItem } from '@schooliko/common/academics/homework';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { useCan } from '../../../kit/forms/form-dialog';
import { formatDay } from '../dates';
import { AssignmentCard, AssignmentList, PAGE, useFilterAndPage } from './assignment-cards';
import { type HomeworkListParams, useHomeworkListQuery } from './homework.api';
import { SetHomeworkDialog } from './set-homework-dialog';

const WHEN = ['upcoming', 'overdue', 'past', 'all'] as const;
type When = (typeof WHEN)[number];

/** One assignment: what, for whom, when, and how many pupils have handed in (a bar). */
function Row({ item }: { item: AssignmentListItem }) {
  const { t, i18n } = useTranslation();
  const handedIn = item.pupils ? Math.round((item.submitted / item.pupils) * 100) : 0;
  const pastDue = item.due_on < todayInIndia();
  const progress = t('academics.homework.progress', { submitted: item.submitted, total: item.pupils });
  return (
    <AssignmentCard
      to={`/homework/${item.id}`}
      title={item.title}
      subtitle={`${item.section_label} · ${item.subject_name} · ${t(`academics.homework.kinds.${item.kind}`)}`}
      chips={
        <>
          {item.state !== 'published' && (
            <Chip
              size="small"
              label={t(`academics.homework.states.${item.state}`)}
              color={item.state === 'draft' ? 'default' : 'warning'}
            />
          )}
          <Chip
            size="small"
            variant="outlined"
            color={pastDue ? 'default' : 'primary'}
            label={t('academics.homework.due', {
              date: formatDay(item.due_on, i18n.language),
              time: item.due_time ?? '',
            }).trim()}
          />
        </>
      }
    >
      <LinearProgress
        variant="determinate"
        value={handedIn}
        aria-label={progress}
        sx={{ height: 8, borderRadius: 4 }}
      />
      <Typography variant="caption" color="text.secondary">
        {progress}
        {' · '}
        {t('academics.homework.lateCount', { count: item.late })}
        {' · '}
        {t('academics.homework.markedCount', { count: item.marked })}
      </Typography>
    </AssignmentCard>
  );
}

/**
 * Staff's homework: a teacher's own assignments (everyone's with "All teachers"), upcoming,
 * overdue or past, each with its pupils' progress; "Set homework" for those who may.
 */
export function StaffHomework() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canSet = useCan('homework:write');
  const role = useAppSelector((s) => s.auth.user?.role);
  const [mine, setMine] = useState(role === 'teacher');
  const { filter: when, setFilter: setWhen, page, setPage } = useFilterAndPage<When>('upcoming');
  const [setting, setSetting] = useState(false);
  const params: HomeworkListParams = {
    page,
    limit: PAGE,
    ...(mine ? { mine: 'true' as const } : {}),
    ...(when === 'all' ? {} : { when }),
  };
  const list = useHomeworkListQuery(params);
  const items = list.data?.items ?? [];

  return (
    <>
      <AssignmentList
        title={t('academics.homework.title')}
        actions={
          <>
            <FormControlLabel
              control={
                <Switch
                  checked={!mine}
                  onChange={(e) => {
                    setMine(!e.target.checked);
                    setPage(1);
                  }}
                />
              }
              label={t('academics.homework.allTeachers')}
            />
            {canSet && (
              <Button variant="contained" startIcon={<Add />} onClick={() => setSetting(true)}>
                {t('academics.homework.set.button')}
              </Button>
            )}
          </>
        }
        filter={{
          value: when,
          options: WHEN,
          label: (w) => t(`academics.homework.when.${w}`),
          onChange: setWhen,
        }}
        loading={list.isLoading}
        failed={list.isError}
        onRetry={list.refetch}
        empty={
          items.length ? null : (
            <Alert
              severity="info"
              action={
                canSet ? (
                  <Button color="inherit" size="small" onClick={() => setSetting(true)}>
                    {t('academics.homework.set.button')}
                  </Button>
                ) : undefined
              }
            >
              {t(canSet ? 'academics.homework.emptyTeacher' : 'academics.homework.emptyStaff')}
            </Alert>
          )
        }
        total={list.data?.pagination.total ?? 0}
        page={page}
        onPage={setPage}
        cardHeight={96}
      >
        {items.map((item) => (
          <Row key={item.id} item={item} />
        ))}
      </AssignmentList>
      {setting && (
        <SetHomeworkDialog
          onClose={() => setSetting(false)}
          onSaved={(id) => {
            setSetting(false);
            navigate(`/homework/${id}`);
          }}
        />
      )}
    </>
  );
}
