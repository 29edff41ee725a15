import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatRupees } from '@schooliko/common/fees/money';
import { todayInIndia } from '@schooliko/common/kit/dates';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../kit/forms/when-fields';
import { LoadFailed } from '../../kit/lists/load-failed';
import { useCollectionQuery } from './fees.api';

/** The day's collection (Dues › Daily collection): by mode, by head, and the receipts cancelled. */
export function CollectionTab() {
  const { t } = useTranslation();
  const [on, setOn] = useState(todayInIndia());
  const report = useCollectionQuery(on);
  const data = report.data;
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 2 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, flexGrow: 1 }}>
          {t('fees.collection.title')}
        </Typography>
        <DateField
          fullWidth={false}
          label={t('fees.collection.date')}
          value={on}
          onChange={(day) => day && setOn(day)}
        />
      </Stack>
      {report.isError && <LoadFailed onRetry={() => report.refetch()} />}
      {report.isFetching && !data && <Skeleton variant="rectangular" height={160} />}
      {data && (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
            <Figure
              label={t('fees.collection.total')}
              value={formatRupees(data.total_paise)}
              testId="collection-total"
            />
            <Figure label={t('fees.collection.receipts')} value={String(data.receipts)} />
            <Figure label={t('fees.collection.cancelled')} value={String(data.cancelled.length)} />
          </Box>
          <Box
            sx={{
              display: 'grid',
              gap: 2,
              gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
              alignItems: 'start',
            }}
          >
            <Section title={t('fees.collection.byMode')}>
              {data.by_mode.map((m) => (
                <TableRow key={m.mode}>
                  <TableCell>{t(`fees.modes.${m.mode}`)}</TableCell>
                  <TableCell align="right">{m.receipts}</TableCell>
                  <TableCell align="right">{formatRupees(m.paise)}</TableCell>
                </TableRow>
              ))}
            </Section>
            <Section title={t('fees.collection.byHead')} noCount>
              {data.by_head.map((h) => (
                <TableRow key={h.head_code}>
                  <TableCell>{h.head_name || t('fees.collection.advance')}</TableCell>
                  <TableCell align="right">{formatRupees(h.paise)}</TableCell>
                </TableRow>
              ))}
            </Section>
          </Box>
          {data.cancelled.length > 0 && (
            <Paper variant="outlined" sx={{ p: 2 }}>
              <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
                {t('fees.collection.cancelledTitle')}
              </Typography>
              <Table size="small" aria-label={t('fees.collection.cancelledTitle')}>
                <TableBody>
                  {data.cancelled.map((c) => (
                    <TableRow key={c.id}>
                      <TableCell>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {c.receipt_no}
                        </Typography>
                        <Typography variant="caption" color="text.secondary">
                          {c.student_name} · {c.reason}
                        </Typography>
                      </TableCell>
                      <TableCell align="right">{formatRupees(c.amount_paise)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Paper>
          )}
        </>
      )}
    </Stack>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
    </Paper>
  );
}

function Section({ title, noCount, children }: { title: string; noCount?: boolean; children: ReactNode[] }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children.length === 0 ? (
        <Typography color="text.secondary">{t('fees.collection.nothing')}</Typography>
      ) : (
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell />
              {!noCount && <TableCell align="right">{t('fees.collection.receipts')}</TableCell>}
              <TableCell align="right">{t('fees.counter.amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      )}
    </Paper>
  );
}
