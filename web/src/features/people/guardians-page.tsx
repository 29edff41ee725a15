import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { Guardian } from '@schooliko/common/people/guardians';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { ListScreen } from '../../kit/lists/list-screen';
import { InviteButton } from './invite-dialog';
import { ListActions } from './list-actions';
import { useGuardiansQuery } from './people.api';

/** Parents (/parent): guardians with their children; a row opens the guardian's record. */
export default function GuardiansPage() {
  const { t } = useTranslation();
  const canInvite = useAppSelector((st) => st.auth.user?.permissions ?? []).includes('people:invite');
  const navigate = useNavigate();
  const columns = useMemo<GridColDef<Guardian>[]>(
    () => [
      { field: 'name', headerName: t('people.columns.name'), flex: 1, minWidth: 180 },
      { field: 'phone', headerName: t('people.columns.phone'), width: 130 },
      { field: 'email', headerName: t('people.columns.email'), width: 200, sortable: false },
      {
        field: 'children',
        headerName: t('people.columns.children'),
        flex: 1,
        minWidth: 220,
        sortable: false,
        renderCell: ({ row }) => (
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ alignItems: 'center', height: '100%', overflow: 'hidden' }}
          >
            {row.children.map((c) => (
              <Chip key={c.student_id} size="small" label={`${c.full_name} (${c.class_name ?? '—'})`} />
            ))}
          </Stack>
        ),
      },
    ],
    [t],
  );
  return (
    <ListScreen<Guardian>
      title={t('people.parents')}
      useList={useGuardiansQuery}
      columns={columns}
      phoneColumns={['name', 'phone']}
      exportPath="/guardians/export"
      exportName="parents"
      bulkActions={canInvite ? (ids) => <InviteButton kind="guardians" ids={ids} /> : undefined}
      onOpen={(row) => navigate(`/parent/${row.id}`)}
      actions={
        <ListActions
          kind="guardians"
          importPermission="guardians:write"
          addPermission="guardians:write"
          addPath="/parent/new"
          addLabel={t('people.addGuardian')}
        />
      }
      empty={<Typography>{t('people.noGuardians')}</Typography>}
    />
  );
}
