import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { DueStatus, DuesAnswer } from '@schooliko/common/fees/fees';
import { formatRupees } from '@schooliko/common/fees/money';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../people/format';

const STATUS_COLOR: Record<DueStatus, 'default' | 'warning' | 'success' | 'error'> = {
  due: 'error',
  'partly-paid': 'warning',
  paid: 'success',
  cancelled: 'default',
};

/** A student's dues by instalment and head, oldest first, with the total still due and any late fine. */
export function DuesTable({ dues }: { dues: DuesAnswer }) {
  const { t, i18n } = useTranslation();
  // The late-fine column shows only when a fine has accrued (charged as a Fine due on payment).
  const fined = dues.total_fine_paise > 0;
  if (dues.items.length === 0)
    return <Typography color="text.secondary">{t('fees.counter.noDues')}</Typography>;
  // On a phone a wide row scrolls inside its card instead of running off the screen.
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table
        size="small"
        aria-label={t('fees.counter.dues')}
        sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>{t('fees.counter.instalment')}</TableCell>
            <TableCell>{t('fees.counter.head')}</TableCell>
            <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              {t('fees.counter.dueOn')}
            </TableCell>
            <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              {t('fees.counter.amount')}
            </TableCell>
            <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
              {t('fees.counter.paid')}
            </TableCell>
            <TableCell align="right">{t('fees.counter.balance')}</TableCell>
            {fined && <TableCell align="right">{t('fees.counter.fine')}</TableCell>}
            <TableCell>{t('fees.counter.status')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {dues.items.map((d) => (
            <TableRow key={d.id}>
              <TableCell>{d.instalment}</TableCell>
              <TableCell>{d.head_name}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {formatDate(d.due_on, i18n.language)}
              </TableCell>
              <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {formatRupees(d.amount_paise)}
              </TableCell>
              <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {formatRupees(d.paid_paise)}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }}>
                {formatRupees(d.balance_paise)}
              </TableCell>
              {fined && (
                <TableCell align="right" sx={{ color: d.fine_paise ? 'error.main' : undefined }}>
                  {d.fine_paise ? formatRupees(d.fine_paise) : '—'}
                </TableCell>
              )}
              <TableCell>
                <Chip size="small" color={STATUS_COLOR[d.status]} label={t(`fees.dueStatus.${d.status}`)} />
              </TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={3} sx={{ fontWeight: 700, display: { xs: 'none', sm: 'table-cell' } }}>
              {t('fees.counter.totalDue')}
            </TableCell>
            <TableCell colSpan={2} sx={{ fontWeight: 700, display: { xs: 'table-cell', sm: 'none' } }}>
              {t('fees.counter.totalDue')}
            </TableCell>
            <TableCell colSpan={2} sx={{ display: { xs: 'none', sm: 'table-cell' } }} />
            <TableCell align="right" sx={{ fontWeight: 700 }}>
              {formatRupees(dues.total_due_paise)}
            </TableCell>
            {fined && (
              <TableCell align="right" sx={{ fontWeight: 700, color: 'error.main' }}>
                {formatRupees(dues.total_fine_paise)}
              </TableCell>
            )}
            <TableCell />
          </TableRow>
        </TableBody>
      </Table>
    </Box>
  );
}
