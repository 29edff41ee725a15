import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Button, { type ButtonProps } from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RhfTextField } from '../../kit/forms/form-fields';

/** A password box with a show/hide button (spec 2.4). */
export function PasswordField(props: TextFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                onClick={() => setVisible((v) => !v)}
                onMouseDown={(e) => e.preventDefault()}
                edge="end"
                aria-label={visible ? t('auth.hidePassword') : t('auth.showPassword')}
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** A password box of a `useSchemaForm` form (inside its FormProvider): its id is its name. */
export function RhfPasswordField({ name, ...rest }: { name: string } & Omit<TextFieldProps, 'name'>) {
  return <RhfTextField as={PasswordField} name={name} id={name} size="medium" {...rest} />;
}

/** The email box of the sign-in, sign-up and forgot-password forms. */
export function RhfEmailField(props: Omit<TextFieldProps, 'name'>) {
  const { t } = useTranslation();
  return (
    <RhfTextField
      name="email"
      id="email"
      size="medium"
      label={t('auth.fields.email')}
      type="email"
      autoComplete="email"
      {...props}
    />
  );
}

/** The wide submit button of the auth forms: busy while the form is sent (or while `busy`). */
export function AuthSubmit({ busy = false, ...rest }: ButtonProps & { busy?: boolean }) {
  const { formState } = useFormContext();
  return (
    <Button
      type="submit"
      variant="contained"
      size="large"
      fullWidth
      loading={formState.isSubmitting || busy}
      {...rest}
    />
  );
}

/** The link under the password-reset forms back to sign in. */
export function BackToSignIn() {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" sx={{ textAlign: 'center' }}>
      <Link component={RouterLink} to="/signin" sx={{ fontWeight: 600 }}>
        {t('auth.backToSignIn')}
      </Link>
    </Typography>
  );
}
