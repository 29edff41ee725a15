import Lock from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { type PostalEntry, postalSerial } from '@schooliko/common/desk/postal';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../lists/list-screen';
import { useMyPostQuery } from './desk.api';
import { EntryDialog } from './postal-entry-dialog';
import { OpenScanButton } from './postal-scan';

/**
 * /my-post: the register's entries addressed to the reader (a teacher, the principal), confidential
 * ones too, with their scanned copies; the front office's whole register stays theirs alone.
 */
export default function MyPostPage() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState<PostalEntry | null>(null);
  const columns: GridColDef<PostalEntry>[] = [
    {
      field: 'serial_no',
      headerName: t('desk.postal.field.serial_no'),
      width: 140,
      sortable: false,
      valueGetter: (_v, row) => postalSerial(row),
    },
    { field: 'on', headerName: t('desk.postal.field.on'), width: 110, sortable: false },
    {
      field: 'party_name',
      headerName: t('desk.myPost.from'),
      flex: 1,
      minWidth: 160,
      sortable: false,
      renderCell: (p) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
          {p.row.confidential && <Lock fontSize="small" titleAccess={t('desk.postal.field.confidential')} />}
          <span>{p.value}</span>
        </Stack>
      ),
    },
    { field: 'subject', headerName: t('desk.postal.field.subject'), flex: 1, minWidth: 160, sortable: false },
    {
      field: 'mode',
      headerName: t('desk.postal.field.mode'),
      width: 110,
      sortable: false,
      valueFormatter: (v: string) => t(`desk.postal.mode.${v}`),
    },
    {
      field: 'scan',
      headerName: t('desk.postal.scan.title'),
      width: 130,
      sortable: false,
      renderCell: (p) => (
        <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
          <OpenScanButton entry={p.row} size="small" reach="mine" />
        </Box>
      ),
    },
  ];
  return (
    <>
      <ListScreen<PostalEntry>
        title={t('desk.myPost.title')}
        useList={useMyPostQuery}
        columns={columns}
        phoneColumns={['serial_no', 'party_name']}
        exportName="my-post"
        empty={<Typography>{t('desk.myPost.empty')}</Typography>}
        onOpen={(row) => setOpened(row)}
      />
      {opened && <EntryDialog entry={opened} canWrite={false} reach="mine" onClose={() => setOpened(null)} />}
    </>
  );
}
