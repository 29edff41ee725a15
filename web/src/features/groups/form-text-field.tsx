import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { GroupFormValues } from '@schooliko/common/groups';
import { type Control, Controller, type FieldPath, type UseFormClearErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { groupText } from './group-text';

type Props = Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> & {
  name: FieldPath<GroupFormValues>;
  control: Control<GroupFormValues>;
  clearErrors: UseFormClearErrors<GroupFormValues>;
  /** Rewrites what was typed before it is stored (digits only, for example). */
  clean?: (raw: string) => string;
};

/** A text field of the group form; editing it clears its error (spec 5.7). */
export function FormTextField({ name, control, clearErrors, clean, ...rest }: Props) {
  const { t } = useTranslation();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          value={field.value === undefined || field.value === null ? '' : String(field.value)}
          onChange={(e) => {
            field.onChange(clean ? clean(e.target.value) : e.target.value);
            if (fieldState.error) clearErrors(name);
          }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error ? groupText(t, fieldState.error.message) : rest.helperText}
          fullWidth
          size="small"
        />
      )}
    />
  );
}
