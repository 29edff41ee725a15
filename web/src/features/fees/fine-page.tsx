import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FINE_SLAB_KINDS, type FineRule, type FineSlabKind } from '@schooliko/common/fees/fine';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import { messageText } from '../forms/messages';
import { useCurrentYearQuery } from '../people/people.api';
import { BounceFineCard } from './bounce-fine-card';
import { useFineRuleQuery, useSaveFineRuleMutation } from './concessions.api';
import { useFeeHeadsQuery } from './fees.api';

type SlabDraft = { key: number; from_day: string; kind: FineSlabKind; value: string };
let slabKeys = 0;
type Draft = { head_id: string; grace_days: string; cap: string; slabs: SlabDraft[] };

/** Rupees (or a percentage) typed as text, to paise (or basis points); NaN when not a number. */
const hundredths = (text: string) =>
  /^\d+(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text) * 100) : Number.NaN;
const draftOf = (rule: FineRule | null, headId: string): Draft => ({
  head_id: rule?.head_id ?? headId,
  grace_days: String(rule?.grace_days ?? 7),
  cap: rule ? String(rule.cap_paise / 100) : '0',
  slabs: rule?.slabs.map((s) => ({
    ...s,
    key: ++slabKeys,
    from_day: String(s.from_day),
    value: String(s.value / 100),
  })) ?? [{ key: ++slabKeys, from_day: '1', kind: 'per_day', value: '10' }],
});

/** Fine (/fine): the year's late-fine rule: grace days, slabs and a cap per due. */
export default function FinePage() {
  const { t } = useTranslation();
  const rule = useFineRuleQuery();
  const heads = useFeeHeadsQuery();
  const year = useCurrentYearQuery();
  const fineHeads = (heads.data ?? []).filter((h) => h.category === 'fine' && h.active);
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('fees.fine.title')}
      </Typography>
      <Typography color="text.secondary">{t('fees.fine.intro')}</Typography>
      {(rule.isLoading || heads.isLoading || year.isLoading) && (
        <Skeleton variant="rectangular" height={200} />
      )}
      {(rule.isError || heads.isError) && <Alert severity="error">{t('lists.failed')}</Alert>}
      {rule.isSuccess && heads.isSuccess && year.data && fineHeads.length === 0 && (
        <Alert severity="info">{t('fees.fine.noHead')}</Alert>
      )}
      {rule.isSuccess && heads.isSuccess && year.data && fineHeads.length > 0 && (
        <FineForm
          yearId={year.data.id}
          rule={rule.data ?? null}
          heads={fineHeads}
          initial={draftOf(rule.data ?? null, fineHeads[0]?.id ?? '')}
        />
      )}
      <BounceFineCard />
    </Stack>
  );
}

function FineForm(props: {
  yearId: string;
  rule: FineRule | null;
  heads: { id: string; name: string }[];
  initial: Draft;
}) {
  const { t } = useTranslation();
  const canWrite = useAppSelector((s) => s.auth.user?.permissions?.includes('fees:configure') ?? false);
  const [draft, setDraft] = useState(props.initial);
  const [save, { isLoading }] = useSaveFineRuleMutation();
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const locked = props.rule?.locked ?? false;
  const disabled = !canWrite || locked || isLoading;
  const setSlab = (i: number, patch: Partial<SlabDraft>) =>
    setDraft((d) => ({ ...d, slabs: d.slabs.map((s, n) => (n === i ? { ...s, ...patch } : s)) }));
  const body = {
    academic_year_id: props.yearId,
    head_id: draft.head_id,
    grace_days: Number(draft.grace_days),
    cap_paise: hundredths(draft.cap),
    slabs: draft.slabs.map((s) => ({
      from_day: Number(s.from_day),
      kind: s.kind,
      value: hundredths(s.value),
    })),
  };
  const valid =
    Number.isInteger(body.grace_days) &&
    !Number.isNaN(body.cap_paise) &&
    body.slabs.every((s) => Number.isInteger(s.from_day) && s.value > 0);
  const submit = async () => {
    setMessage(null);
    try {
      await save(body).unwrap();
      setMessage({ ok: true, text: t('fees.messages.fineSaved') });
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setMessage({ ok: false, text: messageText(t, failure.message, failure.coded) });
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, maxWidth: 720 }}>
      <Stack spacing={2}>
        {locked && <Alert severity="info">{t('fees.messages.fineLocked')}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            select
            label={t('fees.fine.head')}
            value={draft.head_id}
            disabled={disabled}
            onChange={(e) => setDraft({ ...draft, head_id: e.target.value })}
            sx={{ minWidth: 200 }}
          >
            {props.heads.map((h) => (
              <MenuItem key={h.id} value={h.id}>
                {h.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('fees.fine.graceDays')}
            value={draft.grace_days}
            disabled={disabled}
            inputMode="numeric"
            onChange={(e) => setDraft({ ...draft, grace_days: e.target.value })}
          />
          <TextField
            label={t('fees.fine.cap')}
            helperText={t('fees.fine.capHint')}
            value={draft.cap}
            disabled={disabled}
            inputMode="decimal"
            onChange={(e) => setDraft({ ...draft, cap: e.target.value })}
          />
        </Stack>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('fees.fine.slabs')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('fees.fine.slabsHint')}
        </Typography>
        {draft.slabs.map((s, i) => (
          <Stack
            key={s.key}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'center' } }}
          >
            <TextField
              label={t('fees.fine.fromDay')}
              value={s.from_day}
              disabled={disabled}
              inputMode="numeric"
              onChange={(e) => setSlab(i, { from_day: e.target.value })}
              sx={{ width: { sm: 120 } }}
            />
            <TextField
              select
              label={t('fees.fine.kind')}
              value={s.kind}
              disabled={disabled}
              onChange={(e) => setSlab(i, { kind: e.target.value as FineSlabKind })}
              sx={{ minWidth: 200 }}
            >
              {FINE_SLAB_KINDS.map((k) => (
                <MenuItem key={k} value={k}>
                  {t(`fees.fine.kinds.${k}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={s.kind === 'percent' ? t('fees.fine.percent') : t('fees.counter.amountRupees')}
              value={s.value}
              disabled={disabled}
              inputMode="decimal"
              onChange={(e) => setSlab(i, { value: e.target.value })}
              sx={{ width: { sm: 140 } }}
            />
            <IconButton
              aria-label={t('fees.fine.removeSlab')}
              disabled={disabled || draft.slabs.length === 1}
              onClick={() => setDraft((d) => ({ ...d, slabs: d.slabs.filter((_x, n) => n !== i) }))}
            >
              <Delete />
            </IconButton>
          </Stack>
        ))}
        <Stack direction="row" spacing={1}>
          <Button
            startIcon={<Add />}
            disabled={disabled || draft.slabs.length >= 10}
            onClick={() =>
              setDraft((d) => ({
                ...d,
                slabs: [
                  ...d.slabs,
                  {
                    key: ++slabKeys,
                    from_day: String(Number(d.slabs.at(-1)?.from_day ?? 0) + 30),
                    kind: 'fixed',
                    value: '',
                  },
                ],
              }))
            }
          >
            {t('fees.fine.addSlab')}
          </Button>
          <Button variant="contained" disabled={disabled || !valid} onClick={submit}>
            {t('fees.save')}
          </Button>
        </Stack>
        {message && <Alert severity={message.ok ? 'success' : 'error'}>{message.text}</Alert>}
      </Stack>
    </Paper>
  );
}
