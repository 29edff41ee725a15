import Save from '@mui/icons-material/Save';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { normaliseHost } from '@schooliko/common/hosts';
import { BRANDING_ROLES, type Branding } from '@schooliko/common/institutes';
import {
  type BrandingUpdateInput,
  brandingToUpdate,
  brandingUpdateSchema,
} from '@schooliko/common/profile-branding';
import { useEffect, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../app/hooks';
import { useFailureToast } from '../../kit/forms/failure-toast';
import { blockEnterSubmit, RhfTextField } from '../../kit/forms/form-fields';
import { useMessageText } from '../../kit/forms/messages';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { toast } from '../../kit/toast/toast.slice';
import { brandingApi, brandingLoaded } from '../branding';
import { BrandingImageField } from './branding-image-field';
import { useSaveBrandingMutation } from './profile.api';

/**
 * Issue 17 item 9: the institute's name, slogan, logo, cover and role images on Update Profile.
 * Pictures upload as they are chosen; Save stores the set, and the new branding replaces the
 * app's copy at once (the sidebar's logo and name, the sign-in and public pages).
 */
export function BrandingForm({
  branding,
  onDirty,
}: {
  branding: Branding;
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation();
  const tr = useMessageText();
  const dispatch = useAppDispatch();
  const [save, saving] = useSaveBrandingMutation();
  const [busy, setBusy] = useState(0);
  const failedAs = useFailureToast(t('profile.saveOffline'));
  const { form, submit: onSubmit } = useSchemaForm<BrandingUpdateInput, typeof brandingUpdateSchema>({
    schema: brandingUpdateSchema,
    defaultValues: brandingToUpdate(branding),
    fallback: t('profile.branding.saveFailed'),
    failed: failedAs(t('profile.saveFailedTitle')),
    send: async (values) => {
      const result = await save(values).unwrap();
      const domain = normaliseHost(window.location.host);
      dispatch(brandingLoaded({ domain, data: result.data }));
      dispatch(brandingApi.util.upsertQueryData('getBranding', domain, result.data));
      form.reset(brandingToUpdate(result.data));
      dispatch(toast.success(tr(result.message)));
    },
  });
  const { formState } = form;
  const onBusy = (on: boolean) => setBusy((n) => n + (on ? 1 : -1));
  useEffect(() => onDirty(formState.isDirty), [formState.isDirty, onDirty]);

  return (
    <FormProvider {...form}>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        onSubmit={onSubmit}
        onKeyDown={blockEnterSubmit}
        sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}
        aria-label={t('profile.branding.title')}
      >
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t('profile.branding.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('profile.branding.hint')}
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <RhfTextField name="institute_name" label={t('profile.branding.name')} required />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <RhfTextField name="slogan" label={t('profile.branding.slogan')} />
          </Grid>
          <Grid size={{ xs: 12, sm: 4 }}>
            <BrandingImageField
              slot="logo"
              name="logo_url"
              label={t('profile.branding.logo')}
              onBusy={onBusy}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>
            <BrandingImageField
              slot="cover"
              name="cover_image_url"
              label={t('profile.branding.cover')}
              onBusy={onBusy}
            />
          </Grid>
        </Grid>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mt: 3 }}>
          {t('profile.branding.roles')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('profile.branding.rolesHint')}
        </Typography>
        <Grid container spacing={2}>
          {BRANDING_ROLES.map((role) => (
            <Grid key={role} size={{ xs: 6, sm: 4, md: 'grow' }}>
              <BrandingImageField
                slot={role}
                name={`role_images.${role}`}
                label={t(`domainRegistration.roles.${role}`)}
                height={96}
                onBusy={onBusy}
              />
            </Grid>
          ))}
        </Grid>
        <Stack direction="row" sx={{ mt: 3, gap: 2, justifyContent: 'flex-end', alignItems: 'center' }}>
          {formState.isDirty && (
            <Typography variant="body2" color="text.secondary">
              {t('profile.unsavedNote')}
            </Typography>
          )}
          <Button
            type="submit"
            variant="contained"
            disabled={saving.isLoading || busy > 0}
            startIcon={saving.isLoading ? <CircularProgress size={16} color="inherit" /> : <Save />}
          >
            {saving.isLoading ? t('profile.saving') : t('profile.branding.save')}
          </Button>
        </Stack>
      </Paper>
    </FormProvider>
  );
}
