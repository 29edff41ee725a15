import { CONCESSION_KINDS, type ConcessionKind } from '@schooliko/common/fees/concessions';
import { formatRupees } from '@schooliko/common/fees/money';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RhfSelectField } from '../../kit/forms/form-fields';
import { RhfMoneyField, RhfNumberField } from '../../kit/forms/typed-fields';
import { useFeeHeadsQuery } from './fees.api';

/**
 * What a concession takes off, as a form holds it: a head ('' for all), and a whole percentage
 * or an amount in paise (null while empty).
 */
export type Share = { head_id: string; kind: ConcessionKind; value: number | null };

/** What a rule or request takes off: "10%" or "₹1,500.00". */
export const shareText = (kind: ConcessionKind, value: number) =>
  kind === 'percent' ? `${value}%` : formatRupees(value);

/** The share as the API takes it (an empty value is refused by the schema). */
export const shareBody = (s: Share) => ({
  head_id: s.head_id || null,
  kind: s.kind,
  value: s.value ?? Number.NaN,
});

/** Whether a value is typed that could be sent (above zero). */
export const shareReady = (s: Pick<Share, 'value'>) => (s.value ?? 0) > 0;

/**
 * The fee type, the kind and the amount of a concession rule or request, fields `head_id`, `kind`
 * and `value` of the form around it; changing the kind keeps the number shown (10% ↔ ₹10).
 */
export function ShareFields() {
  const { t } = useTranslation();
  const heads = useFeeHeadsQuery();
  const { control, getValues, setValue } = useFormContext<Share>();
  const kind = useWatch({ control, name: 'kind' });
  return (
    <>
      <RhfSelectField<Share>
        name="head_id"
        size="medium"
        fullWidth={false}
        label={t('fees.counter.head')}
        emptyLabel={t('fees.concessions.allHeads')}
        options={(heads.data ?? []).map((h) => ({ value: h.id, label: h.name }))}
        slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 160 }}
      />
      <RhfSelectField<Share>
        name="kind"
        size="medium"
        fullWidth={false}
        label={t('fees.concessions.kind')}
        options={CONCESSION_KINDS.map((k) => ({ value: k, label: t(`fees.concessions.kinds.${k}`) }))}
        onValueChange={(next) => {
          const value = getValues('value');
          if (value === null || Number.isNaN(value)) return;
          setValue('value', next === 'percent' ? Math.round(value / 100) : value * 100);
        }}
        sx={{ minWidth: 140 }}
      />
      {kind === 'percent' ? (
        <RhfNumberField<Share> name="value" size="medium" fullWidth={false} label={t('fees.fine.percent')} />
      ) : (
        <RhfMoneyField<Share>
          name="value"
          size="medium"
          fullWidth={false}
          label={t('fees.counter.amountRupees')}
        />
      )}
    </>
  );
}
