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
import Typography from '@mui/material/Typography';
import {
  CONCESSION_BASES,
  type ConcessionRule,
  type ConcessionRuleInput,
  concessionRuleInputSchema,
  concessionRulePatchSchema,
  rteSettingsSchema,
} from '@schooliko/common/fees/concessions';
import { formatRupees } from '@schooliko/common/fees/money';
import { useEffect, useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../kit/forms/confirm-dialog';
import { RhfSelectField, RhfTextField } from '../../kit/forms/form-fields';
import { messageText } from '../../kit/forms/messages';
import { FormAlert, SubmitButton, useSchemaForm } from '../../kit/forms/schema-form';
import { RhfMoneyField, RhfNumberField } from '../../kit/forms/typed-fields';
import { downloadFile } from '../../kit/lists/download';
import { ConcessionRequests } from './concession-requests';
import {
  useAddConcessionRuleMutation,
  useConcessionRulesQuery,
  useRteClaimQuery,
  useSaveRteCostMutation,
} from './concessions.api';
import { useChangeConcessionRuleMutation, useDeactivateConcessionRuleMutation } from './exam-fees.api';
import { RuleApproval, RuleReview } from './rule-approval';
import { type Share, ShareFields, shareBody, shareReady, shareText } from './share-fields';

/** Concessions (a tab of Add Fees Type): rules by basis, ad-hoc requests, the RTE claim. */
export function ConcessionsTab({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const rules = useConcessionRulesQuery();
  const canApprove = useAppSelector((s) => s.auth.user?.permissions?.includes('fees:approve') ?? false);
  const [editing, setEditing] = useState<ConcessionRule | null>(null);
  const [stopping, setStopping] = useState<ConcessionRule | null>(null);
  return (
    <Stack spacing={2}>
      {rules.isError && <Alert severity="error">{t('lists.failed')}</Alert>}
      {rules.data && rules.data.length > 0 && (
        <Table
          size="small"
          aria-label={t('fees.concessions.rules')}
          sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('fees.concessions.name')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {t('fees.concessions.basis')}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {t('fees.counter.head')}
              </TableCell>
              <TableCell align="right">{t('fees.concessions.share')}</TableCell>
              <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {t('fees.concessions.applied')}
              </TableCell>
              {(canWrite || canApprove) && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {rules.data.map((r) => (
              <TableRow key={r.id}>
                <TableCell>
                  {r.name}
                  {!r.active && <Chip size="small" sx={{ ml: 1 }} label={t('fees.concessions.inactive')} />}
                  <RuleApproval rule={r} />
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t(`fees.concessions.bases.${r.basis}`)}
                  {r.sibling_rank ? ` (${r.sibling_rank})` : ''}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {r.head_name ?? t('fees.concessions.allHeads')}
                </TableCell>
                <TableCell align="right">{shareText(r.kind, r.value)}</TableCell>
                <TableCell align="right" sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {formatRupees(r.applied_paise)}
                </TableCell>
                {(canWrite || canApprove) && (
                  <TableCell align="right">
                    {canApprove && r.active && <RuleReview rule={r} />}
                    {canWrite && r.active && (
                      <Stack
                        direction={{ xs: 'column', sm: 'row' }}
                        spacing={{ xs: 0, sm: 1 }}
                        sx={{ justifyContent: 'flex-end', alignItems: 'flex-end' }}
                      >
                        <Button size="small" onClick={() => setEditing(r)}>
                          {t('fees.heads.edit')}
                        </Button>
                        <Button size="small" color="warning" onClick={() => setStopping(r)}>
                          {t('fees.concessions.deactivate')}
                        </Button>
                      </Stack>
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {rules.data?.length === 0 && (
        <Typography color="text.secondary">{t('fees.concessions.none')}</Typography>
      )}
      {canWrite && (
        <Typography variant="body2" color="text.secondary">
          {t('fees.concessions.ruleHint')}
        </Typography>
      )}
      {canWrite && <RuleForm />}
      {editing && <EditRuleDialog rule={editing} onClose={() => setEditing(null)} />}
      {stopping && <DeactivateDialog rule={stopping} onClose={() => setStopping(null)} />}
      <ConcessionRequests canAsk={canWrite} canApprove={canApprove} />
      <RteClaim canWrite={canWrite} />
    </Stack>
  );
}

/** A new rule's fields: RTE, 100% of every fee type. */
type RuleValues = Share & { name: string; basis: ConcessionRuleInput['basis']; sibling_rank: number | null };
const EMPTY: RuleValues = {
  name: '',
  basis: 'rte',
  sibling_rank: 2,
  head_id: '',
  kind: 'percent',
  value: 100,
};

function RuleForm() {
  const { t } = useTranslation();
  const [add] = useAddConcessionRuleMutation();
  const [saved, setSaved] = useState(false);
  const { form, submit, alert } = useSchemaForm({
    schema: concessionRuleInputSchema,
    defaultValues: EMPTY,
    toInput: (v: RuleValues) => ({
      name: v.name,
      basis: v.basis,
      sibling_rank: v.basis === 'sibling' ? v.sibling_rank : null,
      ...shareBody(v),
    }),
    fallback: t('lists.failed'),
    send: async (body) => {
      setSaved(false);
      await add(body).unwrap();
      form.reset(EMPTY);
      setSaved(true);
    },
  });
  const [name, basis, value] = useWatch({ control: form.control, name: ['name', 'basis', 'value'] });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('fees.concessions.addRule')}
      </Typography>
      <FormProvider {...form}>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <RhfTextField<RuleValues>
            name="name"
            size="medium"
            fullWidth={false}
            label={t('fees.concessions.name')}
          />
          <RhfSelectField<RuleValues>
            name="basis"
            size="medium"
            fullWidth={false}
            label={t('fees.concessions.basis')}
            options={CONCESSION_BASES.map((b) => ({ value: b, label: t(`fees.concessions.bases.${b}`) }))}
            sx={{ minWidth: 160 }}
          />
          {basis === 'sibling' && (
            <RhfNumberField<RuleValues>
              name="sibling_rank"
              size="medium"
              fullWidth={false}
              label={t('fees.concessions.rank')}
            />
          )}
          <ShareFields />
          <SubmitButton disabled={!name.trim() || !shareReady({ value })} onClick={() => void submit()}>
            {t('fees.concessions.addRule')}
          </SubmitButton>
        </Stack>
        <FormAlert text={alert} sx={{ mt: 1 }} />
        {saved && !alert && (
          <Alert severity="success" sx={{ mt: 1 }}>
            {t('fees.messages.ruleSaved')}
          </Alert>
        )}
      </FormProvider>
    </Paper>
  );
}

function RteClaim({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const token = useAppSelector((s) => s.auth.accessToken);
  const claim = useRteClaimQuery();
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('fees.concessions.rteTitle')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <RteCost canWrite={canWrite} saved={claim.data?.per_child_cost_paise} />
        {(['csv', 'xlsx'] as const).map((f) => (
          <Button
            key={f}
            variant="outlined"
            onClick={() =>
              void downloadFile(`/fees/concessions/rte-claim?format=${f}`, token, `rte-claim.${f}`)
            }
          >
            {t(`fees.concessions.download.${f}`)}
          </Button>
        ))}
      </Stack>
      {claim.data && (
        <Typography sx={{ mt: 1 }}>
          {t('fees.concessions.rteTotal', {
            count: claim.data.items.length,
            amount: formatRupees(claim.data.total_claim_paise),
          })}
        </Typography>
      )}
    </Paper>
  );
}

type RteValues = { per_child_cost_paise: number | null };

/** The State's per-child cost: the saved one shown until it is changed; Save once it is. */
function RteCost({ canWrite, saved }: { canWrite: boolean; saved: number | undefined }) {
  const { t } = useTranslation();
  const [save] = useSaveRteCostMutation();
  const { form, submit, alert } = useSchemaForm({
    schema: rteSettingsSchema,
    defaultValues: { per_child_cost_paise: saved ?? null } as RteValues,
    toInput: (v: RteValues) => ({ per_child_cost_paise: v.per_child_cost_paise ?? Number.NaN }),
    fallback: t('lists.failed'),
    send: (body) => save(body.per_child_cost_paise).unwrap(),
  });
  useEffect(() => {
    if (saved !== undefined) form.reset({ per_child_cost_paise: saved });
  }, [form, saved]);
  const cost = useWatch({ control: form.control, name: 'per_child_cost_paise' });
  return (
    <FormProvider {...form}>
      <RhfMoneyField<RteValues>
        name="per_child_cost_paise"
        size="medium"
        fullWidth={false}
        label={t('fees.concessions.rteCost')}
        disabled={!canWrite}
      />
      {canWrite && (
        <SubmitButton
          variant="text"
          disabled={!form.formState.isDirty || cost === null || Number.isNaN(cost)}
          onClick={() => void submit()}
        >
          {t('fees.save')}
        </SubmitButton>
      )}
      <FormAlert text={alert} />
    </FormProvider>
  );
}

/**
 * Changes a rule: its name always; its fee type and amount only while no due has used it (the
 * server says so with a 409 otherwise; the form shows only the name then).
 */
function EditRuleDialog({ rule, onClose }: { rule: ConcessionRule; onClose: () => void }) {
  const { t } = useTranslation();
  const [change] = useChangeConcessionRuleMutation();
  const { form, submit, alert } = useSchemaForm({
    schema: concessionRulePatchSchema,
    defaultValues: {
      name: rule.name,
      head_id: rule.head_id ?? '',
      kind: rule.kind,
      value: rule.value,
    } as Share & {
      name: string;
    },
    toInput: ({ name, ...share }) => ({ name, ...(rule.used ? {} : shareBody(share)) }),
    fallback: t('lists.failed'),
    send: async (body) => {
      await change({ id: rule.id, ...body }).unwrap();
      onClose();
    },
  });
  const name = useWatch({ control: form.control, name: 'name' });
  return (
    <FormProvider {...form}>
      <ConfirmDialog
        title={t('fees.concessions.editTitle', { name: rule.name })}
        text={rule.used ? t('fees.concessions.usedHint') : t('fees.concessions.unusedHint')}
        action={t('fees.save')}
        color="primary"
        busy={form.formState.isSubmitting}
        disabled={name.trim() === ''}
        error={alert}
        onConfirm={() => void submit()}
        onClose={onClose}
      >
        <Stack spacing={2}>
          <RhfTextField name="name" size="medium" label={t('fees.concessions.name')} />
          {!rule.used && <ShareFields />}
        </Stack>
      </ConfirmDialog>
    </FormProvider>
  );
}

function DeactivateDialog({ rule, onClose }: { rule: ConcessionRule; onClose: () => void }) {
  const { t } = useTranslation();
  const [deactivate, { isLoading }] = useDeactivateConcessionRuleMutation();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await deactivate(rule.id).unwrap();
      onClose();
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setError(messageText(t, failure.message, failure.coded));
    }
  };
  return (
    <ConfirmDialog
      title={t('fees.concessions.deactivateTitle', { name: rule.name })}
      text={t('fees.concessions.deactivateText')}
      action={t('fees.concessions.deactivate')}
      color="warning"
      busy={isLoading}
      error={error}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      {null}
    </ConfirmDialog>
  );
}
