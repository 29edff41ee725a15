import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { INDIAN_STATES } from '@schooliko/common/catalogue/states';
import { GROUP_TYPES, type GroupFormValues } from '@schooliko/common/groups';
import { cleanPincodeInput } from '@schooliko/common/pincode';
import type { ReactNode } from 'react';
import { type Control, Controller, type UseFormClearErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextField } from './form-text-field';
import { groupText, groupTypeLabel } from './group-text';

type FormProps = { control: Control<GroupFormValues>; clearErrors: UseFormClearErrors<GroupFormValues> };

export function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {children}
      </Box>
    </Paper>
  );
}

const wide = { gridColumn: { md: '1 / -1' } };

/** Spec 2.14 A: name, type, establishment year, description. */
export function BasicInformationSection({ control, clearErrors }: FormProps) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('groups.form.sectionBasic')}>
      <FormTextField
        name="group_name"
        control={control}
        clearErrors={clearErrors}
        label={t('groups.form.name')}
        required
      />
      <Controller
        name="group_type"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            select
            required
            size="small"
            fullWidth
            label={t('groups.form.type')}
            name={field.name}
            inputRef={field.ref}
            value={field.value ?? ''}
            onChange={(e) => {
              field.onChange(e.target.value);
              clearErrors('group_type');
            }}
            onBlur={field.onBlur}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error ? groupText(t, fieldState.error.message) : undefined}
          >
            {GROUP_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {groupTypeLabel(t, type)}
              </MenuItem>
            ))}
          </TextField>
        )}
      />
      <FormTextField
        name="group_establishment_year"
        control={control}
        clearErrors={clearErrors}
        label={t('groups.form.establishmentYear')}
        clean={(raw) => raw.replace(/\D/g, '').slice(0, 4)}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <FormTextField
        name="group_description"
        control={control}
        clearErrors={clearErrors}
        label={t('groups.form.description')}
        multiline
        minRows={3}
        sx={wide}
      />
    </FormSection>
  );
}

/** Spec 2.14 B: street, city, state, pincode, country (India by default). */
export function AddressSection({ control, clearErrors, pincodeHint }: FormProps & { pincodeHint?: string }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('groups.form.sectionAddress')}>
      <FormTextField
        name="group_address.street"
        control={control}
        clearErrors={clearErrors}
        label={t('groups.form.street')}
        required
        sx={wide}
      />
      <FormTextField
        name="group_address.pincode"
        control={control}
        clearErrors={clearErrors}
        label={t('groups.form.pincode')}
        required
        clean={cleanPincodeInput}
        helperText={pincodeHint}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <FormTextField
        name="group_address.city"
        control={control}
        clearErrors={clearErrors}
        label={t('groups.form.city')}
        required
      />
      <FormTextField
        name="group_address.state"
        control={control}
        clearErrors={clearErrors}
        label={t('groups.form.state')}
        required
        select
      >
        {INDIAN_STATES.map((state) => (
          <MenuItem key={state} value={state}>
            {state}
          </MenuItem>
        ))}
      </FormTextField>
      <FormTextField
        name="group_address.country"
        control={control}
        clearErrors={clearErrors}
        label={t('groups.form.country')}
      />
    </FormSection>
  );
}

/** Spec 2.14 C: email, phone, website. */
export function ContactSection({ control, clearErrors }: FormProps) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('groups.form.sectionContact')}>
      <FormTextField
        name="group_email"
        control={control}
        clearErrors={clearErrors}
        label={t('groups.form.email')}
        type="email"
      />
      <FormTextField
        name="group_phone"
        control={control}
        clearErrors={clearErrors}
        label={t('groups.form.phone')}
        type="tel"
      />
      <FormTextField
        name="group_website"
        control={control}
        clearErrors={clearErrors}
        label={t('groups.form.website')}
        placeholder="https://"
        sx={wide}
      />
    </FormSection>
  );
}
