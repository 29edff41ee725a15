import Lock from '@mui/icons-material/Lock';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import type { GridColDef } from '@mui/x-data-grid';
import { type PostalEntry, postalSerial } from '@schooliko/common/desk/postal';
import type { TFunction } from 'i18next';
import { OpenScanButton, type PostalReach } from './postal-scan';

type Column = GridColDef<PostalEntry>;

/** Every column a list of postal entries can show, by field; `reach` says where scans open from. */
function allColumns(t: TFunction, reach: PostalReach): Record<string, Column> {
  const text = (field: keyof PostalEntry, width: number): Column => ({
    field,
    headerName: t(`desk.postal.field.${field}`),
    width,
    sortable: false,
  });
  return {
    serial_no: { ...text('serial_no', 140), valueGetter: (_v, row) => postalSerial(row) },
    on: text('on', 110),
    direction: {
      ...text('direction', 100),
      valueFormatter: (v: string) => t(`desk.postal.direction.${v}`),
    },
    party_name: {
      ...text('party_name', 0),
      width: undefined,
      flex: 1,
      minWidth: 160,
      renderCell: (p) => (
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', height: '100%' }}>
          {p.row.confidential && <Lock fontSize="small" titleAccess={t('desk.postal.field.confidential')} />}
          <span>{p.value}</span>
        </Stack>
      ),
    },
    subject: { ...text('subject', 0), width: undefined, flex: 1, minWidth: 160 },
    reference_no: text('reference_no', 140),
    mode: { ...text('mode', 110), valueFormatter: (v: string) => t(`desk.postal.mode.${v}`) },
    tracking_no: text('tracking_no', 140),
    scan: {
      field: 'scan',
      headerName: t('desk.postal.scan.title'),
      width: 130,
      sortable: false,
      renderCell: (p) => (
        <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
          <OpenScanButton entry={p.row} size="small" reach={reach} />
        </Box>
      ),
    },
    state: {
      ...text('state', 110),
      renderCell: (p) => <Chip size="small" label={t(`desk.postal.state.${p.value}`)} />,
    },
  };
}

/** The columns `fields`, in that order, of a list of postal entries (the register, or one's own post). */
export function postalColumns(t: TFunction, fields: readonly string[], reach: PostalReach = 'register') {
  const all = allColumns(t, reach);
  return fields.map((f) => {
    const column = all[f];
    if (!column) throw new Error(`no postal column ${f}`);
    return column;
  });
}
