import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import type { DueStatus, DuesAnswer } from '@schooliko/common/fees/fees';
import { formatRupees } from '@schooliko/common/fees/money';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../kit/lists/list-table';
import { formatDate } from '../people';

const STATUS_COLOR: Record<DueStatus, 'default' | 'warning' | 'success' | 'error'> = {
  due: 'error',
  'partly-paid': 'warning',
  paid: 'success',
  cancelled: 'default',
};

type Due = DuesAnswer['items'][number];

/** A student's dues by instalment and head, oldest first, with the total still due and any late fine. */
export function DuesTable({ dues }: { dues: DuesAnswer }) {
  const { t, i18n } = useTranslation();
  // The late-fine column shows only when a fine has accrued (charged as a Fine due on payment).
  const fined = dues.total_fine_paise > 0;
  const rupees = (v: number) => formatRupees(v);
  const columns: GridColDef<Due>[] = [
    { field: 'instalment', headerName: t('fees.counter.instalment') },
    { field: 'head_name', headerName: t('fees.counter.head') },
    {
      field: 'due_on',
      headerName: t('fees.counter.dueOn'),
      valueFormatter: (v: string) => formatDate(v, i18n.language),
    },
    { field: 'amount_paise', headerName: t('fees.counter.amount'), align: 'right', valueFormatter: rupees },
    { field: 'paid_paise', headerName: t('fees.counter.paid'), align: 'right', valueFormatter: rupees },
    {
      field: 'balance_paise',
      headerName: t('fees.counter.balance'),
      align: 'right',
      renderCell: (p) => <strong>{formatRupees(p.row.balance_paise)}</strong>,
    },
    ...(fined
      ? [
          {
            field: 'fine_paise',
            headerName: t('fees.counter.fine'),
            align: 'right',
            renderCell: (p) =>
              p.row.fine_paise ? (
                <Typography component="span" variant="body2" color="error">
                  {formatRupees(p.row.fine_paise)}
                </Typography>
              ) : (
                '—'
              ),
          } satisfies GridColDef<Due>,
        ]
      : []),
    {
      field: 'status',
      headerName: t('fees.counter.status'),
      renderCell: (p) => (
        <Chip size="small" color={STATUS_COLOR[p.row.status]} label={t(`fees.dueStatus.${p.row.status}`)} />
      ),
    },
  ];
  return (
    <ListTable
      label={t('fees.counter.dues')}
      rows={dues.items}
      columns={columns}
      card={{
        title: 'head_name',
        subtitle: ['instalment', 'due_on'],
        facts: ['balance_paise', ...(fined ? ['fine_paise'] : []), 'status'],
      }}
      empty={t('fees.counter.noDues')}
      footer={{
        label: t('fees.counter.totalDue'),
        values: {
          balance_paise: formatRupees(dues.total_due_paise),
          ...(fined && {
            fine_paise: (
              <Typography component="span" color="error" sx={{ fontWeight: 700 }}>
                {formatRupees(dues.total_fine_paise)}
              </Typography>
            ),
          }),
        },
      }}
    />
  );
}
