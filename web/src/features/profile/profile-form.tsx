import Save from '@mui/icons-material/Save';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ProfileInput, profileSchema } from '@schooliko/common/profile';
import { useEffect } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { useFailureToast } from '../../kit/forms/failure-toast';
import { blockEnterSubmit, RhfTextField } from '../../kit/forms/form-fields';
import { useMessageText } from '../../kit/forms/messages';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { toast } from '../../kit/toast/toast.slice';
import { ContactFields } from './contact-fields';
import { type ProfileState, useSaveProfileMutation } from './profile.api';
import { SocialFields } from './social-fields';

const toValues = ({ updated_at: _u, ...profile }: ProfileState): ProfileInput => profile;

/** Spec 2.10 / 5.5: the institute's contact information. */
export function ProfileForm({
  profile,
  onDirty,
}: {
  profile: ProfileState;
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const tr = useMessageText();
  const dispatch = useAppDispatch();
  const [save, saving] = useSaveProfileMutation();
  const failedAs = useFailureToast(t('profile.saveOffline'));
  const { form, submit: onSubmit } = useSchemaForm<ProfileInput, typeof profileSchema>({
    schema: profileSchema,
    defaultValues: toValues(profile),
    fallback: t('profile.saveFailed'),
    failed: failedAs(t('profile.saveFailedTitle')),
    send: async (values) => {
      const result = await save(values).unwrap();
      form.reset(toValues(result.data));
      dispatch(toast.success(tr(result.message)));
    },
  });
  const { formState } = form;
  useEffect(() => onDirty(formState.isDirty), [formState.isDirty, onDirty]);

  return (
    <FormProvider {...form}>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        onSubmit={onSubmit}
        onKeyDown={blockEnterSubmit}
        sx={{ p: { xs: 2, sm: 3 } }}
        aria-label={t('profile.title')}
      >
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('profile.sections.address')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('profile.sections.addressHint')}
        </Typography>
        <ContactFields prefix="" variant="profile" />
        <Divider sx={{ my: 3 }} />
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('profile.sections.public')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('profile.sections.publicHint')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <RhfTextField name="publicPhone" label={t('profile.fields.publicPhone')} type="tel" />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <RhfTextField name="publicEmail" label={t('profile.fields.publicEmail')} type="email" />
          </Grid>
        </Grid>
        <Divider sx={{ my: 3 }} />
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('profile.sections.social')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('profile.sections.socialHint')}
        </Typography>
        <SocialFields prefix="" />
        <Stack direction="row" sx={{ mt: 3, gap: 2, justifyContent: 'flex-end', alignItems: 'center' }}>
          {formState.isDirty && (
            <Typography variant="body2" color="text.secondary">
              {t('profile.unsavedNote')}
            </Typography>
          )}
          <Button
            type="submit"
            variant="contained"
            disabled={saving.isLoading}
            startIcon={saving.isLoading ? <CircularProgress size={16} color="inherit" /> : <Save />}
          >
            {saving.isLoading ? t('profile.saving') : t('profile.save')}
          </Button>
        </Stack>
      </Paper>
    </FormProvider>
  );
}
