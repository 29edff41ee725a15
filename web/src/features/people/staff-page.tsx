import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { STAFF_KINDS, STAFF_STATUSES, type Staff, type StaffKind } from '@schooliko/common/people/staff';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { ListScreen } from '../../kit/lists/list-screen';
import { SelectFilter } from '../../kit/lists/select-filter';
import { formatDate } from './format';
import { InviteButton } from './invite-dialog';
import { ListActions } from './list-actions';
import { useStaffQuery } from './people.api';

/** Teachers (/teacher, kind=teaching) and all staff (/staff): the staff records list. */
export default function StaffPage({ kind }: { kind?: StaffKind }) {
  const { t, i18n } = useTranslation();
  const canInvite = useAppSelector((st) => st.auth.user?.permissions ?? []).includes('people:invite');
  const navigate = useNavigate();
  const columns = useMemo<GridColDef<Staff>[]>(
    () => [
      { field: 'employee_code', headerName: t('people.columns.employeeCode'), width: 130 },
      {
        field: 'name',
        headerName: t('people.columns.name'),
        flex: 1,
        minWidth: 180,
        valueGetter: (_v, row) => row.full_name,
      },
      { field: 'designation', headerName: t('people.columns.designation'), width: 170 },
      { field: 'department', headerName: t('people.columns.department'), width: 160, sortable: false },
      { field: 'phone', headerName: t('people.columns.phone'), width: 130, sortable: false },
      {
        field: 'joining_date',
        headerName: t('people.columns.joined'),
        width: 130,
        valueGetter: (_v, row) => formatDate(row.joining_date, i18n.language),
      },
      {
        field: 'status',
        headerName: t('people.columns.status'),
        width: 120,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            label={t(`people.status.${row.status}`)}
            color={row.status === 'active' ? 'success' : 'default'}
          />
        ),
      },
    ],
    [t, i18n.language],
  );
  return (
    <ListScreen<Staff>
      key={kind ?? 'all'}
      title={kind === 'teaching' ? t('people.teachers') : t('people.staff')}
      useList={useStaffQuery}
      columns={columns}
      phoneColumns={['name', 'designation']}
      initialFilters={kind ? { kind } : {}}
      exportPath="/staff/export"
      exportName={kind === 'teaching' ? 'teachers' : 'staff'}
      onOpen={(row) => navigate(`/staff/${row.id}`)}
      bulkActions={canInvite ? (ids) => <InviteButton kind="staff" ids={ids} /> : undefined}
      actions={
        <ListActions
          kind="staff"
          importPermission="staff:write"
          addPermission="staff:write"
          addPath="/staff/new"
          addLabel={t('people.addStaff')}
        />
      }
      empty={<Typography>{t('people.noStaff')}</Typography>}
      filters={(value, set) => (
        <>
          {!kind && (
            <SelectFilter
              label={t('people.filters.kind')}
              value={value.kind}
              onChange={(v) => set('kind', v)}
              options={STAFF_KINDS.map((k) => ({ value: k, label: t(`people.kind.${k}`) }))}
              minWidth={140}
            />
          )}
          <SelectFilter
            label={t('people.filters.status')}
            value={value.status}
            onChange={(v) => set('status', v)}
            options={STAFF_STATUSES.map((s) => ({ value: s, label: t(`people.status.${s}`) }))}
          />
        </>
      )}
    />
  );
}
