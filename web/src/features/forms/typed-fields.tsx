import TextField from '@mui/material/TextField';
import { useRef, useState } from 'react';
import { Controller, type FieldValues, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type BaseProps, RhfTextField } from './form-fields';
import { messageText } from './messages';
import { paiseOfRupees, rupeesOfPaise } from './money-text';

// Typed fields of useSchemaForm's forms, apart from form-fields so the sign-in page does not load them.

/** A date of a react-hook-form form, kept as the ISO text (2026-06-01) the schemas take. */
export function RhfDateField<T extends FieldValues = FieldValues>({ slotProps, ...rest }: BaseProps<T>) {
  return <RhfTextField<T> {...rest} type="date" slotProps={{ ...slotProps, inputLabel: { shrink: true } }} />;
}

/** The number a number box holds: empty is null (the form's mapping picks the default). */
const numberOf = (raw: string) => (raw.trim() === '' ? null : Number(raw));

/** A whole or decimal number of a react-hook-form form, kept as a number (null while empty). */
export function RhfNumberField<T extends FieldValues = FieldValues>({
  name,
  onValueChange,
  helperText,
  ...rest
}: BaseProps<T>) {
  const { t } = useTranslation();
  const { control, clearErrors } = useFormContext<T>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          size="small"
          fullWidth
          type="number"
          {...rest}
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          value={field.value === undefined || field.value === null ? '' : String(field.value)}
          onChange={(e) => {
            field.onChange(numberOf(e.target.value));
            if (fieldState.error) clearErrors(name);
            onValueChange?.(e.target.value);
          }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error ? messageText(t, fieldState.error.message) : helperText}
        />
      )}
    />
  );
}

/**
 * An amount of a react-hook-form form: the form keeps integer paise, the box shows rupees as
 * typed (so "12." is not rewritten mid-typing); text that is not rupees is stored as NaN.
 */
export function RhfMoneyField<T extends FieldValues = FieldValues>({
  name,
  onValueChange,
  helperText,
  ...rest
}: BaseProps<T>) {
  const { t } = useTranslation();
  const { control, clearErrors } = useFormContext<T>();
  // The text typed, with the paise it stood for: a value set from elsewhere (a reset) shows anew.
  const typed = useRef<{ text: string; paise: number | null } | null>(null);
  const [, rerender] = useState(0);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const paise = (field.value ?? null) as number | null;
        const same =
          typed.current &&
          (typed.current.paise === paise || (Number.isNaN(paise) && Number.isNaN(typed.current.paise)));
        const text = same && typed.current ? typed.current.text : rupeesOfPaise(paise);
        return (
          <TextField
            size="small"
            fullWidth
            {...rest}
            name={field.name}
            inputRef={field.ref}
            onBlur={field.onBlur}
            value={text}
            slotProps={{
              ...rest.slotProps,
              htmlInput: { inputMode: 'decimal', ...(rest.slotProps?.htmlInput as object) },
            }}
            onChange={(e) => {
              const next = paiseOfRupees(e.target.value);
              typed.current = { text: e.target.value, paise: next };
              field.onChange(next);
              rerender((n) => n + 1);
              if (fieldState.error) clearErrors(name);
              onValueChange?.(e.target.value);
            }}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error ? messageText(t, fieldState.error.message) : helperText}
          />
        );
      }}
    />
  );
}
