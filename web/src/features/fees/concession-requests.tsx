import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { concessionRequestInputSchema } from '@schooliko/common/fees/concessions';
import { useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RhfTextField } from '../../kit/forms/form-fields';
import { FormAlert, SubmitButton, useSchemaForm } from '../../kit/forms/schema-form';
import {
  useAskConcessionMutation,
  useConcessionRequestsQuery,
  useReviewConcessionMutation,
} from './concessions.api';
import { ReviewButtons } from './review-buttons';
import { type Share, ShareFields, shareBody, shareReady, shareText } from './share-fields';
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
                    <ReviewButtons
                      mine={r.requested_by_me}
                      busy={isLoading}
                      review={(decision) => review({ id: r.id, decision }).unwrap()}
                      said={{
                        approved: t('fees.messages.requestApproved'),
                        rejected: t('fees.messages.requestRejected'),
                      }}
                    />
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

type AskValues = Share & { reason: string };
const NO_ASK: AskValues = { head_id: '', kind: 'fixed', value: null, reason: '' };

function AskForm() {
  const { t } = useTranslation();
  const [student, setStudent] = useState<PickedStudent | null>(null);
  const [ask] = useAskConcessionMutation();
  const [sent, setSent] = useState(false);
  const { form, submit, alert } = useSchemaForm({
    schema: concessionRequestInputSchema,
    defaultValues: NO_ASK,
    toInput: ({ reason, ...share }: AskValues) => ({
      student_id: student?.id ?? '',
      ...shareBody(share),
      reason,
    }),
    fallback: t('lists.failed'),
    send: async (body) => {
      setSent(false);
      await ask(body).unwrap();
      form.reset(NO_ASK);
      setSent(true);
    },
  });
  const value = useWatch({ control: form.control, name: 'value' });
  return (
    <FormProvider {...form}>
      <Stack spacing={1} sx={{ mt: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('fees.concessions.askHint')}
        </Typography>
        <StudentPicker value={student} onChange={setStudent} autoFocus={false} />
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
          <ShareFields />
          <RhfTextField<AskValues>
            name="reason"
            size="medium"
            fullWidth={false}
            label={t('fees.concessions.reason')}
            sx={{ flex: 1 }}
          />
        </Stack>
        <SubmitButton
          sx={{ alignSelf: 'flex-start' }}
          disabled={!student || !shareReady({ value })}
          onClick={() => void submit()}
        >
          {t('fees.concessions.ask')}
        </SubmitButton>
        <FormAlert text={alert} />
        {sent && !alert && <Alert severity="success">{t('fees.messages.requestSent')}</Alert>}
      </Stack>
    </FormProvider>
  );
}
