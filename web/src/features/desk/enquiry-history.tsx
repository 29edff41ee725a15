import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@schooliko/common/people/audit';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../kit/lists/load-failed';
import { HistoryList } from '../people';
import { useEnquiryHistoryQuery } from './desk.api';

/** An enquiry's history (auditors: people:audit), loaded when opened; states read in words. */
export function EnquiryHistory({ id }: { id: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const history = useEnquiryHistoryQuery(id, { skip: !open });
  const state = (v: unknown) => (typeof v === 'string' ? t(`desk.enquiries.state.${v}`) : v);
  const words = (x: Record<string, unknown>) => ('stage' in x ? { ...x, stage: state(x.stage) } : x);
  const entries: AuditEntry[] | undefined = history.data?.map((e) => ({
    ...e,
    before: words(e.before),
    after: words(e.after),
  }));
  return (
    <Accordion expanded={open} onChange={(_, v) => setOpen(v)} variant="outlined" disableGutters>
      <AccordionSummary>
        <Typography sx={{ fontWeight: 600 }}>{t('desk.enquiries.history')}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        {history.isError ? (
          <LoadFailed onRetry={() => history.refetch()} />
        ) : history.isLoading ? (
          <Skeleton variant="rectangular" height={80} />
        ) : (
          <HistoryList entries={entries} />
        )}
      </AccordionDetails>
    </Accordion>
  );
}
