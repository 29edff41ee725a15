import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CONCESSION_BASES,
  type ConcessionKind,
  type ConcessionRule,
  type ConcessionRuleInput,
} from '@schooliko/common/fees/concessions';
import { formatRupees } from '@schooliko/common/fees/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../forms/confirm-dialog';
import { messageText } from '../forms/messages';
import { downloadFile } from '../lists/download';
import { ConcessionRequests } from './concession-requests';
import {
  useAddConcessionRuleMutation,
  useConcessionRulesQuery,
  useRteClaimQuery,
  useSaveRteCostMutation,
} from './concessions.api';
import { useChangeConcessionRuleMutation, useDeactivateConcessionRuleMutation } from './exam-fees.api';
import { type Share, ShareFields, shareBody, shareText } from './share-fields';

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
              {canWrite && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {rules.data.map((r) => (
              <TableRow key={r.id}>
                <TableCell>
                  {r.name}
                  {!r.active && <Chip size="small" sx={{ ml: 1 }} label={t('fees.concessions.inactive')} />}
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
                {canWrite && (
                  <TableCell align="right">
                    {r.active && (
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
      {canWrite && <RuleForm />}
      {editing && <EditRuleDialog rule={editing} onClose={() => setEditing(null)} />}
      {stopping && <DeactivateDialog rule={stopping} onClose={() => setStopping(null)} />}
      <ConcessionRequests canAsk={canWrite} canApprove={canApprove} />
      <RteClaim canWrite={canWrite} />
    </Stack>
  );
}

const EMPTY = {
  name: '',
  basis: 'rte',
  sibling_rank: '2',
  head_id: '',
  kind: 'percent',
  value: '100',
} as const;

function RuleForm() {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<Record<keyof typeof EMPTY, string>>({ ...EMPTY });
  const [add, { isLoading }] = useAddConcessionRuleMutation();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const share: Share = { head_id: draft.head_id, kind: draft.kind as ConcessionKind, value: draft.value };
  const set = (key: keyof typeof EMPTY) => (e: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: e.target.value }));
  const submit = async () => {
    setMessage(null);
    const body: ConcessionRuleInput = {
      name: draft.name,
      basis: draft.basis as ConcessionRuleInput['basis'],
      sibling_rank: draft.basis === 'sibling' ? Number(draft.sibling_rank) : null,
      ...shareBody(share),
    };
    try {
      await add(body).unwrap();
      setDraft({ ...EMPTY });
      setMessage({ ok: true, text: t('fees.messages.ruleSaved') });
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setMessage({ ok: false, text: messageText(t, failure.message, failure.coded) });
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('fees.concessions.addRule')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <TextField label={t('fees.concessions.name')} value={draft.name} onChange={set('name')} />
        <TextField
          select
          label={t('fees.concessions.basis')}
          value={draft.basis}
          onChange={set('basis')}
          sx={{ minWidth: 160 }}
        >
          {CONCESSION_BASES.map((b) => (
            <MenuItem key={b} value={b}>
              {t(`fees.concessions.bases.${b}`)}
            </MenuItem>
          ))}
        </TextField>
        {draft.basis === 'sibling' && (
          <TextField
            label={t('fees.concessions.rank')}
            value={draft.sibling_rank}
            onChange={set('sibling_rank')}
            inputMode="numeric"
          />
        )}
        <ShareFields share={share} onChange={(v) => setDraft((d) => ({ ...d, ...v }))} />
        <Button
          variant="contained"
          disabled={isLoading || !draft.name.trim() || !(Number(draft.value) > 0)}
          onClick={submit}
        >
          {t('fees.concessions.addRule')}
        </Button>
      </Stack>
      {message && (
        <Alert severity={message.ok ? 'success' : 'error'} sx={{ mt: 1 }}>
          {message.text}
        </Alert>
      )}
    </Paper>
  );
}

function RteClaim({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const token = useAppSelector((s) => s.auth.accessToken);
  const claim = useRteClaimQuery();
  const [cost, setCost] = useState<string | null>(null);
  const [save, { isLoading }] = useSaveRteCostMutation();
  const shown = cost ?? (claim.data ? String(claim.data.per_child_cost_paise / 100) : '');
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {t('fees.concessions.rteTitle')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <TextField
          label={t('fees.concessions.rteCost')}
          value={shown}
          disabled={!canWrite}
          inputMode="decimal"
          onChange={(e) => setCost(e.target.value)}
        />
        {canWrite && (
          <Button
            disabled={isLoading || cost === null || !(Number(cost) >= 0)}
            onClick={() => void save(Math.round(Number(cost) * 100)).then(() => setCost(null))}
          >
            {t('fees.save')}
          </Button>
        )}
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

/**
 * Changes a rule: its name always; its fee type and amount only while no due has used it (the
 * server says so with a 409 otherwise; the form shows only the name then).
 */
function EditRuleDialog({ rule, onClose }: { rule: ConcessionRule; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(rule.name);
  const [share, setShare] = useState<Share>({
    head_id: rule.head_id ?? '',
    kind: rule.kind,
    value: rule.kind === 'percent' ? String(rule.value) : String(rule.value / 100),
  });
  const [change, { isLoading }] = useChangeConcessionRuleMutation();
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setError(null);
    try {
      await change({ id: rule.id, name, ...(rule.used ? {} : shareBody(share)) }).unwrap();
      onClose();
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setError(messageText(t, failure.message, failure.coded));
    }
  };
  return (
    <ConfirmDialog
      title={t('fees.concessions.editTitle', { name: rule.name })}
      text={rule.used ? t('fees.concessions.usedHint') : t('fees.concessions.unusedHint')}
      action={t('fees.save')}
      color="primary"
      busy={isLoading}
      disabled={name.trim() === ''}
      error={error}
      onConfirm={() => void save()}
      onClose={onClose}
    >
      <Stack spacing={2}>
        <TextField
          label={t('fees.concessions.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        {!rule.used && <ShareFields share={share} onChange={setShare} />}
      </Stack>
    </ConfirmDialog>
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
