import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ROLES, type Role } from '@schooliko/common/auth';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useMessageText } from '../forms/messages';

type Props<T extends FieldValues & { role?: Role }> = {
  control: Control<T>;
  onEdit: () => void;
};

/** The role picker of the sign-in and sign-up forms: the five roles, none chosen at first. */
export function RoleField<T extends FieldValues & { role?: Role }>({ control, onEdit }: Props<T>) {
  const { t } = useTranslation();
  const tr = useMessageText();
  return (
    <Controller
      control={control}
      name={'role' as Path<T>}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          id="role"
          label={t('auth.fields.role')}
          name={field.name}
          value={field.value ?? ''}
          inputRef={field.ref}
          onBlur={field.onBlur}
          onChange={(event) => {
            field.onChange(event.target.value);
            onEdit();
          }}
          error={Boolean(fieldState.error)}
          helperText={tr(fieldState.error?.message)}
        >
          {ROLES.map((role) => (
            <MenuItem key={role} value={role}>
              {t(`auth.roles.${role}`)}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
