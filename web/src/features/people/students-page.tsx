import PersonAdd from '@mui/icons-material/PersonAdd';
import Upgrade from '@mui/icons-material/Upgrade';
import UploadFile from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { STUDENT_STATUSES, type Student } from '@schooliko/common/people/students';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { ListScreen } from '../lists/list-screen';
import { formatDate } from './format';
import { useCurrentYearQuery, useSectionsQuery, useStudentsQuery } from './people.api';
import { viewCurrentYear } from './viewed-year.slice';

const ImportDialog = lazy(() => import('./import-dialog'));

/** Students (sidebar: Students, /student): the records list for those who hold students:read. */
export default function StudentsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const permissions = useAppSelector((s) => s.auth.user?.permissions ?? []);
  const dispatch = useAppDispatch();
  const { data: current } = useCurrentYearQuery();
  const viewed = useAppSelector((s) => s.viewedYear);
  // Another year than the current one: its class lists as of that year, read-only.
  const pastYear = viewed.id && current && viewed.id !== current.id ? viewed.id : undefined;
  const { data: sections = [] } = useSectionsQuery(pastYear ? { academic_year_id: pastYear } : undefined);
  const [importing, setImporting] = useState(false);

  const columns = useMemo<GridColDef<Student>[]>(
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
            <Avatar src={row.photo_url || undefined} sx={{ width: 28, height: 28, fontSize: 14 }}>
              {row.first_name[0]}
            </Avatar>
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
              valueGetter: (_v: unknown, row: Student) =>
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
      <ListScreen<Student>
        key={pastYear ?? 'current'}
        initialFilters={pastYear ? { academic_year_id: pastYear } : undefined}
        title={t('people.students')}
        useList={useStudentsQuery}
        columns={columns}
        phoneColumns={pastYear ? ['name', 'class', 'outcome'] : ['name', 'class']}
        exportPath="/students/export"
        exportName="students"
        onOpen={(row) => navigate(`/student/${row.id}`)}
        actions={
          <>
            {!pastYear && permissions.includes('students:promote') && (
              <Button variant="outlined" startIcon={<Upgrade />} onClick={() => navigate('/student/promote')}>
                {t('people.promote.open')}
              </Button>
            )}
            {!pastYear && permissions.includes('people:import') && (
              <Button variant="outlined" startIcon={<UploadFile />} onClick={() => setImporting(true)}>
                {t('people.import')}
              </Button>
            )}
            {!pastYear && permissions.includes('students:write') && (
              <Button variant="contained" startIcon={<PersonAdd />} onClick={() => navigate('/student/new')}>
                {t('people.addStudent')}
              </Button>
            )}
          </>
        }
        empty={<Typography>{t('people.noStudents')}</Typography>}
        filters={(value, set) => (
          <>
            <TextField
              select
              size="small"
              label={t('people.filters.section')}
              value={value.section_id ?? ''}
              onChange={(e) => set('section_id', e.target.value)}
              sx={{ minWidth: 130 }}
            >
              <MenuItem value="">{t('people.filters.any')}</MenuItem>
              {sections.map((s) => (
                <MenuItem key={s.id} value={s.id}>
                  {s.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('people.filters.status')}
              value={value.status ?? ''}
              onChange={(e) => set('status', e.target.value)}
              sx={{ minWidth: 130 }}
            >
              <MenuItem value="">{t('people.filters.any')}</MenuItem>
              {STUDENT_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  {t(`people.status.${s}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('people.filters.gender')}
              value={value.gender ?? ''}
              onChange={(e) => set('gender', e.target.value)}
              sx={{ minWidth: 110 }}
            >
              <MenuItem value="">{t('people.filters.any')}</MenuItem>
              {(['male', 'female', 'other'] as const).map((g) => (
                <MenuItem key={g} value={g}>
                  {t(`people.gender.${g}`)}
                </MenuItem>
              ))}
            </TextField>
          </>
        )}
      />
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </>
  );
}
