import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { PupilAssignment, PupilStatus } from '@schooliko/common/academics/homework';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../../app/hooks';
import { useStudentsQuery } from '../../people';
import { formatDay } from '../dates';
import { AssignmentCard, AssignmentList, PAGE, useFilterAndPage } from './assignment-cards';
import { usePupilHomeworkQuery } from './homework.api';

const STATUS_COLOR: Record<PupilStatus, 'default' | 'info' | 'warning' | 'success'> = {
  pending: 'default',
  submitted: 'info',
  late: 'warning',
  marked: 'success',
};

/** A pupil's standing on an assignment: Pending (Overdue once past due), Submitted, Late, or its marks. */
export function StatusChip({
  status,
  marks,
  maxMarks,
  dueOn,
}: {
  status: PupilStatus;
  marks: number | null;
  maxMarks: number | null;
  dueOn: string;
}) {
  const { t } = useTranslation();
  const overdue = status === 'pending' && dueOn < todayInIndia();
  const label =
    status === 'marked' && marks !== null && maxMarks !== null
      ? t('academics.homework.marksOf', { marks, max: maxMarks })
      : t(overdue ? 'academics.homework.status.overdue' : `academics.homework.status.${status}`);
  return <Chip size="small" label={label} color={overdue ? 'error' : STATUS_COLOR[status]} />;
}

function Row({ item, childId }: { item: PupilAssignment; childId?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <AssignmentCard
      to={childId ? `/homework/${item.id}?student=${childId}` : `/homework/${item.id}`}
      title={item.title}
      subtitle={`${item.subject_name} · ${t('academics.homework.due', {
        date: formatDay(item.due_on, i18n.language),
        time: item.due_time ?? '',
      }).trim()}`}
      chips={
        item.state === 'cancelled' ? (
          <Chip size="small" color="warning" label={t('academics.homework.states.cancelled')} />
        ) : (
          <StatusChip status={item.status} marks={item.marks} maxMarks={item.max_marks} dueOn={item.due_on} />
        )
      }
    />
  );
}

const FILTERS = ['all', 'pending', 'marked'] as const;
type Filter = (typeof FILTERS)[number];

/**
 * A pupil's homework: a student's own, or a parent's child's (a picker when they have several):
 * pending, handed in (late marked as such) and marked, with due dates.
 */
export function PupilHomework() {
  const { t } = useTranslation();
  const role = useAppSelector((s) => s.auth.user?.role);
  const parent = role === 'parent';
  const children = useStudentsQuery({ limit: 20 }, { skip: !parent });
  const [childId, setChildId] = useState('');
  const child = parent ? childId || children.data?.items[0]?.id : undefined;
  const { filter, setFilter, page, setPage } = useFilterAndPage<Filter>('all');
  const list = usePupilHomeworkQuery(
    {
      page,
      limit: PAGE,
      ...(child ? { student_id: child } : {}),
      ...(filter === 'all' ? {} : { status: filter }),
    },
    { skip: parent && !child },
  );
  const items = list.data?.items ?? [];

  return (
    <AssignmentList
      title={t('academics.homework.title')}
      actions={
        parent &&
        (children.data?.items.length ?? 0) > 1 && (
          <TextField
            select
            size="small"
            label={t('academics.homework.child')}
            value={child ?? ''}
            onChange={(e) => {
              setChildId(e.target.value);
              setPage(1);
            }}
            sx={{ minWidth: 200 }}
          >
            {children.data?.items.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.full_name}
              </MenuItem>
            ))}
          </TextField>
        )
      }
      filter={{
        value: filter,
        options: FILTERS,
        label: (f) => t(`academics.homework.filter.${f}`),
        onChange: setFilter,
      }}
      loading={list.isLoading || (parent && children.isLoading)}
      failed={list.isError || children.isError}
      onRetry={() => (children.isError ? children.refetch() : list.refetch())}
      empty={
        parent && !child ? (
          <Alert severity="info">{t('academics.homework.noChild')}</Alert>
        ) : !items.length ? (
          <Alert severity="info">
            {t(filter === 'pending' ? 'academics.homework.emptyPending' : 'academics.homework.emptyPupil')}
          </Alert>
        ) : null
      }
      total={list.data?.pagination.total ?? 0}
      page={page}
      onPage={setPage}
      cardHeight={72}
    >
      {items.map((item) => (
        <Row key={item.id} item={item} childId={parent ? child : undefined} />
      ))}
    </AssignmentList>
  );
}
