import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ComponentType } from 'react';
import { Controller, type FieldPath, type FieldValues, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { fieldErrorText } from './messages';

export type BaseProps<T extends FieldValues> = Omit<
  TextFieldProps,
  'name' | 'value' | 'onChange' | 'error' | 'select'
> & {
  name: FieldPath<T>;
  /** Shows the field in error though no error was said (an empty choice it cannot do without). */
  error?: boolean;
  /** Called with the new value after it is stored (e.g. to clear fields that depend on it). */
  onValueChange?: (value: string) => void;
};

type TextProps<T extends FieldValues> = BaseProps<T> & {
  /** Rewrites what was typed before it is stored (digits only, for example). */
  clean?: (raw: string) => string;
  /** The box drawn, when not MUI's TextField (a password box with its show button). */
  as?: ComponentType<TextFieldProps>;
};

/**
 * A text field of a react-hook-form form (inside FormProvider). Editing it clears its error
 * (spec 5.5); its error text is in the reader's language already (useSchemaForm).
 */
export function RhfTextField<T extends FieldValues = FieldValues>({
  name,
  clean,
  onValueChange,
  helperText,
  error,
  as: Box = TextField,
  ...rest
}: TextProps<T> & Pick<TextFieldProps, 'select' | 'children'>) {
  const { t } = useTranslation();
  const { control, clearErrors } = useFormContext<T>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Box
          size="small"
          fullWidth
          {...rest}
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          value={
            Array.isArray(field.value)
              ? field.value // the choices of a multiple drop-down
              : field.value === undefined || field.value === null
                ? ''
                : String(field.value)
          }
          onChange={(e) => {
            const value = clean ? clean(e.target.value) : e.target.value;
            field.onChange(value);
            if (fieldState.error) clearErrors(name);
            onValueChange?.(value);
          }}
          error={Boolean(fieldState.error) || error}
          helperText={fieldState.error ? fieldErrorText(t, fieldState.error) : helperText}
        />
      )}
    />
  );
}

export type SelectOption = { value: string; label: string; disabled?: boolean };

export type SelectProps<T extends FieldValues> = BaseProps<T> & {
  options: readonly SelectOption[];
  /** The label of the empty choice; omit to offer no empty choice. */
  emptyLabel?: string;
};

/** A drop-down of a react-hook-form form; choosing clears its error. */
export function RhfSelectField<T extends FieldValues = FieldValues>({
  options,
  emptyLabel,
  ...rest
}: SelectProps<T>) {
  return (
    <RhfTextField<T> {...rest} select>
      {emptyLabel !== undefined && (
        <MenuItem value="">
          <em>{emptyLabel}</em>
        </MenuItem>
      )}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value} disabled={o.disabled}>
          {o.label}
        </MenuItem>
      ))}
    </RhfTextField>
  );
}

/** Spec 5.5: Enter in a contact field does not submit the form (it still adds lines in text areas). */
export function blockEnterSubmit(event: React.KeyboardEvent<HTMLFormElement>) {
  const target = event.target as HTMLElement;
  if (event.key === 'Enter' && target.tagName === 'INPUT') event.preventDefault();
}
