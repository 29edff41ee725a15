import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatRupees } from '@schooliko/common/fees/money';
import { useTranslation } from 'react-i18next';
import { useGroupFeesQuery } from './dashboard.api';

/** The director's fee figures: today's collection and what is outstanding, per institute and in all. */
export function GroupFeesCard() {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useGroupFeesQuery(undefined, { refetchOnMountOrArgChange: true });
  if (isError || data?.items.length === 0) return null;
  const sum = (key: 'today_paise' | 'outstanding_paise') =>
    (data?.items ?? []).reduce((n, i) => n + i[key], 0);
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {t('dashboard.fees.groupFees')}
      </Typography>
      {isLoading ? (
        <Skeleton variant="rectangular" height={96} />
      ) : (
        <Table
          size="small"
          aria-label={t('dashboard.fees.groupFees')}
          sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('dashboard.fees.institute')}</TableCell>
              <TableCell align="right">{t('dashboard.fees.today')}</TableCell>
              <TableCell align="right">{t('dashboard.fees.outstanding')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data?.items.map((i) => (
              <TableRow key={i.institute_id}>
                <TableCell>{i.institute_name}</TableCell>
                <TableCell align="right">{formatRupees(i.today_paise)}</TableCell>
                <TableCell align="right">{formatRupees(i.outstanding_paise)}</TableCell>
              </TableRow>
            ))}
            {(data?.items.length ?? 0) > 1 && (
              <TableRow sx={{ '& td': { fontWeight: 700 } }}>
                <TableCell />
                <TableCell align="right">{formatRupees(sum('today_paise'))}</TableCell>
                <TableCell align="right">{formatRupees(sum('outstanding_paise'))}</TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}
