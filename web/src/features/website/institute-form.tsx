import AddBusiness from '@mui/icons-material/AddBusiness';
import Dashboard from '@mui/icons-material/Dashboard';
import Language from '@mui/icons-material/Language';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type CreatedInstitute,
  type CreateInstituteInput,
  createInstituteSchema,
  emptyWebsiteContent,
  slugify,
} from '@schooliko/common/website';
import { useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { useFailureToast } from '../../kit/forms/failure-toast';
import { blockEnterSubmit, RhfTextField } from '../../kit/forms/form-fields';
import { useMessageText } from '../../kit/forms/messages';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { toast } from '../../kit/toast/toast.slice';
import { UnsavedChangesGuard } from '../profile';
import { BuilderSections } from './builder-sections';
import { Section } from './sections/section';
import { useCreateInstituteMutation } from './website.api';
import { ActionBar, DashboardButton } from './website-actions';

/** The new institute's address in this browser: same scheme and port as the page. */
export function siteOrigin(domain: string): string {
  const { protocol, port } = window.location;
  return `${protocol}//${domain}${port ? `:${port}` : ''}`;
}

function Created({ created }: { created: CreatedInstitute }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const origin = siteOrigin(created.domain);
  return (
    <Alert severity="success" variant="outlined" sx={{ bgcolor: 'background.paper' }}>
      <AlertTitle>{t('website.institute.createdTitle', { name: created.institute_name })}</AlertTitle>
      <Typography variant="body2">
        {t('website.institute.createdText', { code: created.institute_code })}
      </Typography>
      <Typography variant="body2" sx={{ mt: 1, fontWeight: 600, wordBreak: 'break-all' }}>
        {origin}
      </Typography>
      <Stack direction="row" sx={{ gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          href={`${origin}/signin`}
          target="_blank"
          rel="noopener"
          endIcon={<OpenInNew />}
        >
          {t('website.institute.signInThere')}
        </Button>
        <Button
          variant="outlined"
          href={`${origin}/homepage`}
          target="_blank"
          rel="noopener"
          endIcon={<OpenInNew />}
        >
          {t('website.institute.openSite')}
        </Button>
        <Button startIcon={<Dashboard />} onClick={() => navigate('/admin')}>
          {t('website.actions.dashboard')}
        </Button>
      </Stack>
    </Alert>
  );
}

function AddressField({ platformHint }: { platformHint: string }) {
  const { t } = useTranslation();
  const name = useWatch<CreateInstituteInput>({ name: 'institute_name' }) as string | undefined;
  const label = slugify(name ?? '');
  return (
    <Section
      id="address"
      icon={Language}
      title={t('website.institute.addressTitle')}
      hint={t('website.institute.addressHint')}
    >
      <Box sx={{ maxWidth: 560 }}>
        <RhfTextField<CreateInstituteInput>
          name="subdomain"
          label={t('website.institute.subdomain')}
          placeholder={label || 'sunrise-kharadi'}
          clean={(raw) =>
            raw
              .toLowerCase()
              .replace(/[^a-z0-9-]/g, '')
              .slice(0, 40)
          }
          helperText={t('website.institute.subdomainHint')}
          slotProps={{
            input: { endAdornment: <InputAdornment position="end">.{platformHint}</InputAdornment> },
          }}
        />
      </Box>
    </Section>
  );
}

/**
 * /admin/create-institute: the same builder opens a new institute (a branch) on its own address;
 * the signed-in admin or director becomes its admin.
 */
export function InstituteForm({ platformDomain }: { platformDomain: string }) {
  const { t } = useTranslation();
  const tr = useMessageText();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [create, creating] = useCreateInstituteMutation();
  const [created, setCreated] = useState<CreatedInstitute | null>(null);
  const failedAs = useFailureToast(t('website.offline'));
  const { form, submit: onSubmit } = useSchemaForm<CreateInstituteInput, typeof createInstituteSchema>({
    schema: createInstituteSchema,
    defaultValues: { ...emptyWebsiteContent(''), subdomain: '' },
    fallback: t('website.failed'),
    failed: failedAs(t('website.institute.failedTitle')),
    invalid: () => dispatch(toast.error(t('website.fixErrors'), { title: t('website.checkForm') })),
    send: async (values) => {
      const result = await create(values).unwrap();
      form.reset(values);
      setCreated(result.data);
      dispatch(toast.success(tr(result.message), { title: result.data.institute_name }));
    },
  });
  const { formState } = form;

  if (created) return <Created created={created} />;

  return (
    <FormProvider {...form}>
      <UnsavedChangesGuard when={formState.isDirty && !creating.isLoading} />
      <Box
        component="form"
        noValidate
        onSubmit={onSubmit}
        onKeyDown={blockEnterSubmit}
        aria-label={t('website.institute.title')}
      >
        <BuilderSections canManageGroup={false} currentGroupId={null} withGroup={false} />
        <AddressField platformHint={platformDomain} />
        <ActionBar>
          <DashboardButton onClick={() => navigate('/admin')} />
          <Button
            type="submit"
            variant="contained"
            color="secondary"
            disabled={creating.isLoading}
            startIcon={creating.isLoading ? <CircularProgress size={16} color="inherit" /> : <AddBusiness />}
          >
            {creating.isLoading ? t('website.institute.creating') : t('website.institute.create')}
          </Button>
        </ActionBar>
      </Box>
    </FormProvider>
  );
}
