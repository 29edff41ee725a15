import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import { type AdmissionEnquiryInput, admissionEnquirySchema } from '@schooliko/common/website';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { blockEnterSubmit, RhfTextField } from '../../kit/forms/form-fields';
import { useMessageText } from '../../kit/forms/messages';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { useSendEnquiryMutation } from './public-site.api';

const EMPTY: AdmissionEnquiryInput = {
  student_name: '',
  class_sought: '',
  parent_name: '',
  phone: '',
  email: '',
  message: '',
};

/** The Admissions page's enquiry form (only shown while online admission is on). */
export function EnquiryForm({ preview }: { preview: boolean }) {
  const { t } = useTranslation();
  const tr = useMessageText();
  const [sendEnquiry, sending] = useSendEnquiryMutation();
  const [sent, setSent] = useState<string | null>(null);
  const {
    form,
    submit: onSubmit,
    alert: failed,
    setAlert,
  } = useSchemaForm<AdmissionEnquiryInput, typeof admissionEnquirySchema>({
    schema: admissionEnquirySchema,
    defaultValues: EMPTY,
    fallback: t('publicSite.admissions.failed'),
    send: async (values) => {
      setSent(await sendEnquiry(values).unwrap());
      form.reset(EMPTY);
    },
    failed: (failure) => {
      if (failure.status === 'FETCH_ERROR') setAlert(t('publicSite.admissions.offline'));
    },
  });
  if (sent)
    return (
      <Alert
        severity="success"
        variant="outlined"
        sx={{ bgcolor: 'background.paper' }}
        action={
          <Button color="inherit" onClick={() => setSent(null)}>
            {t('publicSite.admissions.another')}
          </Button>
        }
      >
        <AlertTitle>{t('publicSite.admissions.sentTitle')}</AlertTitle>
        {tr(sent)}
      </Alert>
    );

  return (
    <FormProvider {...form}>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        onSubmit={onSubmit}
        onKeyDown={blockEnterSubmit}
        sx={{ p: 3 }}
        aria-label={t('publicSite.admissions.formTitle')}
      >
        {preview && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('publicSite.admissions.previewNote')}
          </Alert>
        )}
        {failed && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failed}
          </Alert>
        )}
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <RhfTextField<AdmissionEnquiryInput>
              name="student_name"
              label={t('publicSite.admissions.studentName')}
              required
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <RhfTextField<AdmissionEnquiryInput>
              name="class_sought"
              label={t('publicSite.admissions.classSought')}
              placeholder={t('publicSite.admissions.classPlaceholder')}
              required
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <RhfTextField<AdmissionEnquiryInput>
              name="parent_name"
              label={t('publicSite.admissions.parentName')}
              required
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <RhfTextField<AdmissionEnquiryInput>
              name="phone"
              label={t('publicSite.admissions.phone')}
              clean={(raw) => raw.replace(/\D/g, '').slice(0, 10)}
              slotProps={{ htmlInput: { inputMode: 'numeric' } }}
              required
            />
          </Grid>
          <Grid size={12}>
            <RhfTextField<AdmissionEnquiryInput>
              name="email"
              label={t('publicSite.admissions.email')}
              type="email"
            />
          </Grid>
          <Grid size={12}>
            <RhfTextField<AdmissionEnquiryInput>
              name="message"
              label={t('publicSite.admissions.message')}
              multiline
              minRows={3}
            />
          </Grid>
        </Grid>
        <Button
          type="submit"
          variant="contained"
          size="large"
          sx={{ mt: 2 }}
          disabled={sending.isLoading}
          startIcon={sending.isLoading ? <CircularProgress size={16} color="inherit" /> : <Send />}
        >
          {sending.isLoading ? t('publicSite.admissions.sending') : t('publicSite.admissions.send')}
        </Button>
      </Paper>
    </FormProvider>
  );
}
