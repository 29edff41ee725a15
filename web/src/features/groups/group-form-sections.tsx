import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { INDIAN_STATES } from '@schooliko/common/catalogue/states';
import { GROUP_TYPES, type GroupFormValues } from '@schooliko/common/groups';
import { cleanPincodeInput } from '@schooliko/common/pincode';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RhfSelectField, RhfTextField } from '../../kit/forms/form-fields';
import { groupTypeLabel } from './group-text';

/** The form's fields, typed by its values (they read the form from its FormProvider). */
const Field = {
  Text: RhfTextField<GroupFormValues>,
  Select: RhfSelectField<GroupFormValues>,
};

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
export function BasicInformationSection() {
  const { t } = useTranslation();
  return (
    <FormSection title={t('groups.form.sectionBasic')}>
      <Field.Text name="group_name" label={t('groups.form.name')} required />
      <Field.Select
        name="group_type"
        label={t('groups.form.type')}
        required
        options={GROUP_TYPES.map((type) => ({ value: type, label: groupTypeLabel(t, type) }))}
      />
      <Field.Text
        name="group_establishment_year"
        label={t('groups.form.establishmentYear')}
        clean={(raw) => raw.replace(/\D/g, '').slice(0, 4)}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <Field.Text
        name="group_description"
        label={t('groups.form.description')}
        multiline
        minRows={3}
        sx={wide}
      />
    </FormSection>
  );
}

/** Spec 2.14 B: street, city, state, pincode, country (India by default). */
export function AddressSection({ pincodeHint }: { pincodeHint?: string }) {
  const { t } = useTranslation();
  return (
    <FormSection title={t('groups.form.sectionAddress')}>
      <Field.Text name="group_address.street" label={t('groups.form.street')} required sx={wide} />
      <Field.Text
        name="group_address.pincode"
        label={t('groups.form.pincode')}
        required
        clean={cleanPincodeInput}
        helperText={pincodeHint}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
      <Field.Text name="group_address.city" label={t('groups.form.city')} required />
      <Field.Select
        name="group_address.state"
        label={t('groups.form.state')}
        required
        options={INDIAN_STATES.map((state) => ({ value: state, label: state }))}
      />
      <Field.Text name="group_address.country" label={t('groups.form.country')} />
    </FormSection>
  );
}

/** Spec 2.14 C: email, phone, website. */
export function ContactSection() {
  const { t } = useTranslation();
  return (
    <FormSection title={t('groups.form.sectionContact')}>
      <Field.Text name="group_email" label={t('groups.form.email')} type="email" />
      <Field.Text name="group_phone" label={t('groups.form.phone')} type="tel" />
      <Field.Text name="group_website" label={t('groups.form.website')} placeholder="https://" sx={wide} />
    </FormSection>
  );
}
