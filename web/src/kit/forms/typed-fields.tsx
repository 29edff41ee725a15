import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { type ComponentType, useRef, useState } from 'react';
import {
  Controller,
  type FieldPath,
  type FieldValues,
  useController,
  useFormContext,
  useWatch,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type BaseProps, RhfTextField, type SelectProps } from './form-fields';
import { fieldErrorText } from './messages';
import { paiseOfRupees, rupeesOfPaise } from './money-text';
import { DateField, type DateFieldProps, TimeField } from './when-fields';

// Typed fields of useSchemaForm's forms, apart from form-fields so the sign-in page does not load them.

type WhenProps<T extends FieldValues> = Omit<BaseProps<T>, 'type' | 'select' | 'children'>;

/** A when-field (DateField, TimeField) of a react-hook-form form: its value, its error; a wrong text is kept as typed. */
function RhfWhen<T extends FieldValues>({
  as: Field,
  name,
  onValueChange,
  helperText,
  error,
  ...rest
}: WhenProps<T> & Pick<DateFieldProps, 'min' | 'max'> & { as: ComponentType<DateFieldProps> }) {
  const { t } = useTranslation();
  const { clearErrors } = useFormContext<T>();
  const { field, fieldState } = useController<T>({ name });
  const store = (value: string) => {
    field.onChange(value);
    if (fieldState.error) clearErrors(name);
    onValueChange?.(value);
  };
  return (
    <Field
      {...rest}
      name={field.name}
      inputRef={field.ref}
      onBlur={field.onBlur}
      value={field.value as string | null | undefined}
      onChange={store}
      onWrongText={store}
      error={Boolean(fieldState.error) || error}
      helperText={fieldState.error ? fieldErrorText(t, fieldState.error) : helperText}
    />
  );
}

/**
 * A date of a react-hook-form form (the app's DateField), kept as the ISO text (2026-06-01) the
 * schemas take; text that is no day is kept as typed, so the schema refuses it.
 */
export function RhfDateField<T extends FieldValues = FieldValues>(
  props: WhenProps<T> & Pick<DateFieldProps, 'min' | 'max'>,
) {
  return <RhfWhen<T> as={DateField} {...props} />;
}

/** A time of a react-hook-form form (the app's TimeField), kept as "15:30"; a wrong text as typed. */
export function RhfTimeField<T extends FieldValues = FieldValues>(props: WhenProps<T>) {
  return <RhfWhen<T> as={TimeField} {...props} />;
}

/** The number a number box holds: empty is null (the form's mapping picks the default). */
const numberOf = (raw: string) => (raw.trim() === '' ? null : Number(raw));

/** A whole or decimal number of a react-hook-form form, kept as a number (null while empty). */
export function RhfNumberField<T extends FieldValues = FieldValues>({
  name,
  onValueChange,
  helperText,
  error,
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
          error={Boolean(fieldState.error) || error}
          helperText={fieldState.error ? fieldErrorText(t, fieldState.error) : helperText}
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
  error,
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
            error={Boolean(fieldState.error) || error}
            helperText={fieldState.error ? fieldErrorText(t, fieldState.error) : helperText}
          />
        );
      }}
    />
  );
}

/**
 * A drop-down of several choices (kept as the list of their values); choosing clears its error.
 * With `emptyLabel` an empty choice shows that text; with `checkboxes` each option has a tick.
 */
export function RhfMultiSelectField<T extends FieldValues = FieldValues>({
  name,
  options,
  emptyLabel,
  checkboxes,
  slotProps,
  ...rest
}: Omit<SelectProps<T>, 'onValueChange'> & { checkboxes?: boolean }) {
  const chosen = (useWatch<T>({ name }) ?? []) as string[];
  const labelOf = (ids: string[]) =>
    ids.length === 0 && emptyLabel !== undefined
      ? emptyLabel
      : options
          .filter((o) => ids.includes(o.value))
          .map((o) => o.label)
          .join(', ');
  return (
    <RhfTextField<T>
      size="medium"
      fullWidth={false}
      {...rest}
      name={name}
      select
      slotProps={{
        ...slotProps,
        select: {
          multiple: true,
          displayEmpty: emptyLabel !== undefined,
          renderValue: (ids) => labelOf(ids as string[]),
        },
        ...(emptyLabel !== undefined && { inputLabel: { shrink: true } }),
      }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value} disabled={o.disabled}>
          {checkboxes && <Checkbox size="small" checked={chosen.includes(o.value)} />}
          {o.label}
        </MenuItem>
      ))}
    </RhfTextField>
  );
}

/** A tick (or, with `toggle`, a switch) of a react-hook-form form, kept as a boolean. */
export function RhfCheckField<T extends FieldValues = FieldValues>({
  name,
  label,
  toggle,
  disabled,
}: {
  name: FieldPath<T>;
  label: React.ReactNode;
  toggle?: boolean;
  disabled?: boolean;
}) {
  const { control } = useFormContext<T>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          control={(() => {
            const props = {
              name: field.name,
              inputRef: field.ref,
              checked: Boolean(field.value),
              onChange: (e: React.ChangeEvent<HTMLInputElement>) => field.onChange(e.target.checked),
              disabled,
            };
            return toggle ? <Switch {...props} /> : <Checkbox {...props} />;
          })()}
          label={label}
        />
      )}
    />
  );
}
