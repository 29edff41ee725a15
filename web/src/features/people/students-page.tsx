import Upgrade from '@mui/icons-material/Upgrade';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { GENDERS } from '@schooliko/common/people/fields';
import { STUDENT_STATUSES, type StudentListItem } from '@schooliko/common/people/students';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { PhotoAvatar } from '../../app/photo-avatar';
import { ListScreen } from '../../kit/lists/list-screen';
import { SelectFilter } from '../../kit/lists/select-filter';
import { formatDate } from './format';
import { ListActions } from './list-actions';
import { useCurrentYearQuery, useSectionsQuery, useStudentsQuery } from './people.api';
import { viewCurrentYear } from './viewed-year.slice';

/** Students (sidebar: Students, /student): the records list for those who hold students:read. */
export default function StudentsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const permissions = useAppSelector((s) => s.auth.user?.permissions ?? []);
  // A teacher (students:read:own) reaches this from "My sections" (/teacher/students?section_id=…).
  const everyone = permissions.includes('students:read');
  const [params] = useSearchParams();
  const dispatch = useAppDispatch();
  const { data: current } = useCurrentYearQuery();
  const viewed = useAppSelector((s) => s.viewedYear);
  // Another year than the current one: its class lists as of that year, read-only.
  const pastYear = viewed.id && current && viewed.id !== current.id ? viewed.id : undefined;
  const { data: sections = [] } = useSectionsQuery(
    pastYear ? { academic_year_id: pastYear } : everyone ? undefined : { mine: true },
  );

  const columns = useMemo<GridColDef<StudentListItem>[]>(
    () => [
      { field: 'admission_no', headerName: t('people.columns.admissionNo'), width: 130 },
      {
        field: 'name',
        headerName: t('people.columns.name'),
        flex: 1,
        minWidth: 200,
        valueGetter: (_v, row) => row.full_name,
        renderCell: ({ row }) => (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
            <PhotoAvatar url={row.photo_url} sx={{ width: 28, height: 28, fontSize: 14 }}>
              {row.first_name[0]}
            </PhotoAvatar>
            <Typography variant="body2" noWrap>
              {row.full_name}
            </Typography>
          </Stack>
        ),
      },
      {
        field: 'class',
        headerName: t('people.columns.class'),
        width: 110,
        valueGetter: (_v, row) => row.section_name ?? '—',
      },
      {
        field: 'gender',
        headerName: t('people.columns.gender'),
        width: 100,
        sortable: false,
        valueGetter: (_v, row) => t(`people.gender.${row.gender}`),
      },
      {
        field: 'date_of_birth',
        headerName: t('people.columns.dob'),
        width: 130,
        valueGetter: (_v, row) => formatDate(row.date_of_birth, i18n.language),
      },
      ...(pastYear
        ? [
            {
              field: 'outcome',
              headerName: t('people.year.outcome'),
              width: 130,
              sortable: false,
              valueGetter: (_v: unknown, row: StudentListItem) =>
                row.outcome ? t(`people.status.${row.outcome}`) : '—',
            },
          ]
        : []),
      {
        field: 'status',
        headerName: t('people.columns.status'),
        width: 130,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            label={t(`people.status.${row.status}`)}
            color={row.status === 'left' ? 'default' : 'success'}
            variant="outlined"
          />
        ),
      },
    ],
    [t, i18n.language, pastYear],
  );

  return (
    <>
      {pastYear && (
        <Alert
          severity="warning"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => dispatch(viewCurrentYear())}>
              {t('people.year.backToCurrent')}
            </Button>
          }
        >
          {t('people.year.viewing', { name: viewed.name })}
        </Alert>
      )}
      <ListScreen<StudentListItem>
        key={pastYear ?? 'current'}
        title={everyone ? t('people.students') : t('people.mine.teacher.students')}
        initialFilters={
          pastYear
            ? { academic_year_id: pastYear }
            : params.get('section_id')
              ? { section_id: params.get('section_id') ?? '' }
              : undefined
        }
        useList={useStudentsQuery}
        columns={columns}
        phoneColumns={pastYear ? ['name', 'class', 'outcome'] : ['name', 'class']}
        exportPath="/students/export"
        exportName="students"
        onOpen={(row) => navigate(`/student/${row.id}`)}
        actions={
          pastYear ? undefined : (
            <>
              {permissions.includes('change-requests:review') && (
                <Button component={RouterLink} to="/student/change-requests" variant="outlined">
                  {t('people.changeRequest.open')}
                </Button>
              )}
              {permissions.includes('students:promote') && (
                <Button
                  variant="outlined"
                  startIcon={<Upgrade />}
                  onClick={() => navigate('/student/promote')}
                >
                  {t('people.promote.open')}
                </Button>
              )}
              <ListActions
                kind="students"
                importPermission="people:import"
                addPermission="students:write"
                addPath="/student/new"
                addLabel={t('people.addStudent')}
              />
            </>
          )
        }
        empty={<Typography>{t('people.noStudents')}</Typography>}
        filters={(value, set) => (
          <>
            <SelectFilter
              label={t('people.filters.section')}
              value={value.section_id}
              onChange={(v) => set('section_id', v)}
              options={sections.map((s) => ({ value: s.id, label: s.label }))}
              minWidth={130}
            />
            <SelectFilter
              label={t('people.filters.status')}
              value={value.status}
              onChange={(v) => set('status', v)}
              options={STUDENT_STATUSES.map((s) => ({ value: s, label: t(`people.status.${s}`) }))}
              minWidth={130}
            />
            <SelectFilter
              label={t('people.filters.gender')}
              value={value.gender}
              onChange={(v) => set('gender', v)}
              options={GENDERS.map((g) => ({ value: g, label: t(`people.gender.${g}`) }))}
              minWidth={110}
            />
          </>
        )}
      />
    </>
  );
}
