import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { messageText } from '../forms/messages';
import {
  useAskConcessionMutation,
  useConcessionRequestsQuery,
  useReviewConcessionMutation,
} from './concessions.api';
import { type Share, ShareFields, shareBody, shareText } from './share-fields';
import { type PickedStudent, StudentPicker } from './student-picker';

const STATE_COLOR = { pending: 'warning', approved: 'success', rejected: 'default' } as const;

/** Ad-hoc concessions for one student: asked by the office, approved (and applied) by an admin. */
export function ConcessionRequests({ canAsk, canApprove }: { canAsk: boolean; canApprove: boolean }) {
  const { t } = useTranslation();
  const requests = useConcessionRequestsQuery(undefined, { skip: !canAsk && !canApprove });
  const [review, { isLoading }] = useReviewConcessionMutation();
  if (!canAsk && !canApprove) return null;
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('fees.concessions.requests')}
      </Typography>
      {requests.data && requests.data.length > 0 && (
        <Table size="small" aria-label={t('fees.concessions.requests')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('fees.concessions.student')}</TableCell>
              <TableCell align="right">{t('fees.concessions.share')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {t('fees.concessions.reason')}
              </TableCell>
              <TableCell>{t('fees.counter.status')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {requests.data.map((r) => (
              <TableRow key={r.id}>
                <TableCell>
                  {r.student_name}
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {r.head_name ?? t('fees.concessions.allHeads')}
                  </Typography>
                </TableCell>
                <TableCell align="right">{shareText(r.kind, r.value)}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>{r.reason}</TableCell>
                <TableCell>
                  {r.state === 'pending' && canApprove ? (
                    <Stack direction="row" spacing={0.5}>
                      <Button
                        size="small"
                        disabled={isLoading}
                        onClick={() => void review({ id: r.id, decision: 'approved' })}
                      >
                        {t('fees.concessions.approve')}
                      </Button>
                      <Button
                        size="small"
                        color="inherit"
                        disabled={isLoading}
                        onClick={() => void review({ id: r.id, decision: 'rejected' })}
                      >
                        {t('fees.concessions.reject')}
                      </Button>
                    </Stack>
                  ) : (
                    <Chip
                      size="small"
                      color={STATE_COLOR[r.state]}
                      label={t(`fees.concessions.states.${r.state}`)}
                    />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {canAsk && <AskForm />}
    </Paper>
  );
}

function AskForm() {
  const { t } = useTranslation();
  const [student, setStudent] = useState<PickedStudent | null>(null);
  const [draft, setDraft] = useState<Share & { reason: string }>({
    head_id: '',
    kind: 'fixed',
    value: '',
    reason: '',
  });
  const [ask, { isLoading }] = useAskConcessionMutation();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async () => {
    if (!student) return;
    setMessage(null);
    try {
      await ask({
        student_id: student.id,
        ...shareBody(draft),
        reason: draft.reason,
      }).unwrap();
      setDraft({ head_id: '', kind: 'fixed', value: '', reason: '' });
      setMessage({ ok: true, text: t('fees.messages.requestSent') });
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setMessage({ ok: false, text: messageText(t, failure.message, failure.coded) });
    }
  };
  return (
    <Stack spacing={1} sx={{ mt: 2 }}>
      <Typography variant="body2" color="text.secondary">
        {t('fees.concessions.askHint')}
      </Typography>
      <StudentPicker value={student} onChange={setStudent} autoFocus={false} />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
        <ShareFields share={draft} onChange={(v) => setDraft({ ...draft, ...v })} />
        <TextField
          label={t('fees.concessions.reason')}
          value={draft.reason}
          onChange={(e) => setDraft({ ...draft, reason: e.target.value })}
          sx={{ flex: 1 }}
        />
      </Stack>
      <Button
        variant="contained"
        sx={{ alignSelf: 'flex-start' }}
        disabled={isLoading || !student || !(Number(draft.value) > 0)}
        onClick={submit}
      >
        {t('fees.concessions.ask')}
      </Button>
      {message && <Alert severity={message.ok ? 'success' : 'error'}>{message.text}</Alert>}
    </Stack>
  );
}
