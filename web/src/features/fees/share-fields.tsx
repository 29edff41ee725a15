import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CONCESSION_KINDS, type ConcessionKind } from '@schooliko/common/fees/concessions';
import { formatRupees } from '@schooliko/common/fees/money';
import { useTranslation } from 'react-i18next';
import { useFeeHeadsQuery } from './fees.api';

/** What a concession takes off, as typed: a head ('' for all), percentage or rupees. */
export type Share = { head_id: string; kind: ConcessionKind; value: string };

/** What a rule or request takes off: "10%" or "₹1,500.00". */
export const shareText = (kind: ConcessionKind, value: number) =>
  kind === 'percent' ? `${value}%` : formatRupees(value);

/** The share as the API takes it: a whole percentage, or paise. */
export const shareBody = (s: Share) => ({
  head_id: s.head_id || null,
  kind: s.kind,
  value: s.kind === 'percent' ? Number(s.value) : Math.round(Number(s.value) * 100),
});

/** The fee type, the kind and the amount of a concession rule or request. */
export function ShareFields({ share, onChange }: { share: Share; onChange: (share: Share) => void }) {
  const { t } = useTranslation();
  const heads = useFeeHeadsQuery();
  return (
    <>
      <TextField
        select
        label={t('fees.counter.head')}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        value={share.head_id}
        onChange={(e) => onChange({ ...share, head_id: e.target.value })}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="">{t('fees.concessions.allHeads')}</MenuItem>
        {(heads.data ?? []).map((h) => (
          <MenuItem key={h.id} value={h.id}>
            {h.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label={t('fees.concessions.kind')}
        value={share.kind}
        onChange={(e) => onChange({ ...share, kind: e.target.value as ConcessionKind })}
        sx={{ minWidth: 140 }}
      >
        {CONCESSION_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {t(`fees.concessions.kinds.${k}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={share.kind === 'percent' ? t('fees.fine.percent') : t('fees.counter.amountRupees')}
        value={share.value}
        inputMode="decimal"
        onChange={(e) => onChange({ ...share, value: e.target.value })}
      />
    </>
  );
}
