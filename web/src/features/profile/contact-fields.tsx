import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Typography from '@mui/material/Typography';
import { INDIAN_STATES } from '@schooliko/common/catalogue/states';
import { cleanPincodeInput, type PincodePlace } from '@schooliko/common/pincode';
import { useCallback, useRef } from 'react';
import { type FieldValues, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RhfSelectField, RhfTextField } from '../../kit/forms/form-fields';
import { type PincodeStatus, usePincodeLookup } from './use-pincode-lookup';

const STATE_OPTIONS = INDIAN_STATES.map((name) => ({ value: name, label: name }));

type Props = {
  /** Where the fields live in the form: '' for the profile, 'contact.' in the website builder. */
  prefix: string;
  /** The builder hides website and landmark (spec 2.15) and adds phone and email. */
  variant: 'profile' | 'website';
};

function PincodeNote({ status }: { status: PincodeStatus }) {
  const { t } = useTranslation();
  if (status === 'idle' || status === 'loading') return null;
  const found = status === 'found';
  const text = found
    ? t('profile.pincode.found')
    : status === 'notFound'
      ? t('profile.pincode.notFound')
      : t('profile.pincode.connection');
  return (
    <Typography
      role="status"
      variant="caption"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        mt: 0.5,
        color: found ? 'success.main' : 'error.main',
      }}
    >
      {found ? <CheckCircle sx={{ fontSize: 16 }} /> : <ErrorOutline sx={{ fontSize: 16 }} />}
      {text}
    </Typography>
  );
}

/**
 * Spec 2.10 / 4.9 / 5.5: address, pincode (digits only, at most 6; a 6-digit pincode fills city
 * and state), city, state (the 36), coordinates. Changing the state clears city and pincode;
 * changing the city clears the pincode. A pincode no place has clears the city and state an earlier
 * pincode filled in (unless they were edited since), so they are not saved with it.
 */
export function ContactFields({ prefix, variant }: Props) {
  const { t } = useTranslation();
  const { setValue, getValues, clearErrors } = useFormContext<FieldValues>();
  const name = (field: string) => `${prefix}${field}`;
  /** The place the last found pincode filled in. */
  const filled = useRef<PincodePlace | null>(null);

  const onFound = useCallback(
    (place: PincodePlace) => {
      filled.current = place;
      setValue(`${prefix}city`, place.city, { shouldDirty: true });
      setValue(`${prefix}state`, place.state, { shouldDirty: true });
      clearErrors([`${prefix}city`, `${prefix}state`]);
    },
    [prefix, setValue, clearErrors],
  );
  const onNotFound = useCallback(() => {
    const place = filled.current;
    filled.current = null;
    if (!place) return;
    if (getValues(`${prefix}city`) === place.city) setValue(`${prefix}city`, '', { shouldDirty: true });
    if (getValues(`${prefix}state`) === place.state) setValue(`${prefix}state`, '', { shouldDirty: true });
  }, [prefix, getValues, setValue]);
  const pincode = usePincodeLookup(onFound, onNotFound);

  return (
    <Grid container spacing={2}>
      {variant === 'profile' && (
        <Grid size={12}>
          <RhfTextField
            name={name('website')}
            label={t('profile.fields.website')}
            placeholder="https://"
            type="url"
          />
        </Grid>
      )}
      <Grid size={12}>
        <RhfTextField name={name('address')} label={t('profile.fields.address')} multiline minRows={2} />
      </Grid>
      {variant === 'profile' && (
        <Grid size={{ xs: 12, sm: 6 }}>
          <RhfTextField name={name('landmark')} label={t('profile.fields.landmark')} />
        </Grid>
      )}
      <Grid size={{ xs: 12, sm: 6 }}>
        <RhfTextField
          name={name('pincode')}
          label={t('profile.fields.pincode')}
          clean={cleanPincodeInput}
          onValueChange={(value) => void pincode.lookup(value)}
          slotProps={{
            htmlInput: { inputMode: 'numeric', maxLength: 6, 'aria-describedby': `${prefix}pincode-note` },
            input: {
              endAdornment:
                pincode.status === 'loading' ? (
                  <InputAdornment position="end">
                    <CircularProgress size={16} aria-label={t('profile.pincode.looking')} />
                  </InputAdornment>
                ) : undefined,
            },
          }}
          helperText={t('profile.pincode.hint')}
        />
        <div id={`${prefix}pincode-note`}>
          <PincodeNote status={pincode.status} />
        </div>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <RhfTextField
          name={name('city')}
          label={t('profile.fields.city')}
          onValueChange={() => {
            setValue(name('pincode'), '', { shouldDirty: true });
            pincode.reset();
          }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <RhfSelectField
          name={name('state')}
          label={t('profile.fields.state')}
          options={STATE_OPTIONS}
          emptyLabel={t('profile.fields.chooseState')}
          onValueChange={() => {
            setValue(name('city'), '', { shouldDirty: true });
            setValue(name('pincode'), '', { shouldDirty: true });
            pincode.reset();
          }}
        />
      </Grid>
      {variant === 'website' && (
        <>
          <Grid size={{ xs: 12, sm: 6 }}>
            <RhfTextField name={name('phone')} label={t('profile.fields.phone')} type="tel" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <RhfTextField name={name('email')} label={t('profile.fields.email')} type="email" />
          </Grid>
        </>
      )}
      <Grid size={{ xs: 12, sm: 6 }}>
        <RhfTextField
          name={name('latitude')}
          label={t('profile.fields.latitude')}
          placeholder="18.5204"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <RhfTextField
          name={name('longitude')}
          label={t('profile.fields.longitude')}
          placeholder="73.8567"
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
      </Grid>
    </Grid>
  );
}
