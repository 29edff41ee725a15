import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { DOMAIN_MESSAGES } from '@schooliko/common/domains';
import { useCallback, useEffect, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { type Said, useMessageText } from '../../kit/forms/messages';
import { toast } from '../../kit/toast/toast.slice';
import { LanguageSelect } from '../auth';
import { BdrStep } from './bdr-step';
import { useRegisterDomainMutation, useRegistrationSettingsQuery } from './domain-registration.api';
import { DomainStep } from './domain-step';
import { InstituteStep } from './institute-step';
import {
  activeStep,
  initialRegistration,
  openSteps,
  type RegistrationAction,
  registrationReducer,
  roleImages,
  siteAddress,
  submitProblem,
} from './registration.state';
import { RoleImagesStep } from './role-images-step';
import { useUploads } from './use-uploads';

const STEPS = ['bdr', 'domain', 'institute', 'roles'] as const;
const REDIRECT_DELAY_MS = 1500;

/**
 * `/domain-registration` (spec 2.16, 4.11): a BDR registers an institute's own domain in four
 * steps, each shown once the one before it succeeded; the new institute opens at once.
 */
export default function DomainRegistrationPage() {
  const { t } = useTranslation();
  const tr = useMessageText();
  const appDispatch = useAppDispatch();
  const settings = useRegistrationSettingsQuery();
  const [state, change] = useReducer(registrationReducer, undefined, initialRegistration);
  const [failure, setFailure] = useState<Said | null>(null);
  // A failed attempt's message is stale once the wizard changes (a code sent, a step verified, a
  // field edited): every change clears it.
  const dispatch = useCallback((action: RegistrationAction) => {
    setFailure(null);
    change(action);
  }, []);
  const uploads = useUploads(state, dispatch);
  const [registerDomain, registering] = useRegisterDomainMutation();
  const [done, setDone] = useState<{ domain: string; address: string } | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  const [formKey, setFormKey] = useState(0);
  const open = openSteps(state);
  const step = activeStep(state);

  useEffect(() => {
    document.title = `${t('domainRegistration.title')} · Schooliko`;
  }, [t]);

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => window.location.assign(done.address), REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [done]);

  const submit = async () => {
    setFailure(null);
    const problem = submitProblem(state);
    if (problem || !state.grant) {
      const message = problem ?? DOMAIN_MESSAGES.verifyBdrFirst.text;
      setFailure({ message });
      appDispatch(toast.error(tr(message)));
      return;
    }
    try {
      const answer = await registerDomain({
        bdr_id: state.grant.bdrId,
        bdr_name: state.grant.bdrName,
        domain_name: state.domain,
        institute_name: state.info.institute_name,
        institute_contact_person: state.info.institute_contact_person,
        domain_purchased_from: state.info.domain_purchased_from,
        purchase_date: state.info.purchase_date,
        logo_url: state.logo.url ?? '',
        slogan: state.info.slogan ?? '',
        subdomain_enabled: Boolean(state.info.subdomain_enabled),
        role_images: roleImages(state),
        registration_token: state.grant.token,
      }).unwrap();
      appDispatch(toast.success(tr(answer.message ?? DOMAIN_MESSAGES.registered)));
      setDone({
        domain: answer.data.domain_name,
        address: siteAddress(answer.data.domain_name, window.location),
      });
    } catch (error) {
      const { message, coded } = failureOf(error, DOMAIN_MESSAGES.registerFailed);
      setFailure({ message, coded });
      appDispatch(toast.error(tr(message, coded), { title: t('domainRegistration.result.failedTitle') }));
    }
  };

  const clear = () => {
    setConfirmClear(false);
    uploads.reset();
    dispatch({ type: 'cleared' });
    setFormKey((k) => k + 1);
  };

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', py: { xs: 2, md: 4 } }}>
      <Container maxWidth="md" component="main">
        {/* On a phone the language choice sits above the title, leaving the intro the full width. */}
        <Stack
          direction={{ xs: 'column-reverse', sm: 'row' }}
          sx={{
            alignItems: { xs: 'stretch', sm: 'flex-start' },
            justifyContent: 'space-between',
            gap: 2,
            mb: 1,
          }}
        >
          <Box>
            <Typography variant="h4" component="h1" sx={{ fontWeight: 700, color: 'primary.main' }}>
              {t('domainRegistration.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 640 }}>
              {t('domainRegistration.intro')}
            </Typography>
          </Box>
          <Box sx={{ alignSelf: { xs: 'flex-end', sm: 'flex-start' } }}>
            <LanguageSelect />
          </Box>
        </Stack>

        <Stepper
          activeStep={step}
          alternativeLabel
          sx={{
            my: 3,
            '& .MuiStep-root': { px: { xs: 0.5, sm: 1 } },
            '& .MuiStepLabel-label': { fontSize: { xs: 12, sm: 14 } },
          }}
        >
          {STEPS.map((step) => (
            <Step key={step}>
              <StepLabel>{t(`domainRegistration.steps.${step}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>

        {settings.isLoading ? (
          <Stack spacing={2}>
            <Skeleton variant="rounded" height={160} />
            <Skeleton variant="rounded" height={60} />
          </Stack>
        ) : settings.isError || !settings.data ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void settings.refetch()}>
                {t('domainRegistration.retry')}
              </Button>
            }
          >
            {t('domainRegistration.settingsFailed')}
          </Alert>
        ) : (
          <Stack key={formKey} spacing={2.5}>
            <BdrStep state={state} dispatch={dispatch} />
            {open.bdrVerified && (
              <DomainStep state={state} dispatch={dispatch} allowLocalhost={settings.data.allow_localhost} />
            )}
            {open.domainVerified && (
              <InstituteStep
                state={state}
                dispatch={dispatch}
                platformDomain={settings.data.platform_domain}
                uploading={uploads.uploadingLogo}
                onChooseLogo={(file) => uploads.choose('logo', file)}
                onUploadLogo={() => void uploads.uploadLogo()}
              />
            )}
            {open.logoUploaded && (
              <RoleImagesStep
                state={state}
                uploading={uploads.uploadingRoles}
                onChoose={(role, file) => uploads.choose(role, file)}
                onUpload={() => void uploads.uploadRoles()}
              />
            )}

            {failure && (
              <Alert severity="error" role="alert">
                <AlertTitle>{t('domainRegistration.result.failedTitle')}</AlertTitle>
                {tr(failure.message, failure.coded)}
              </Alert>
            )}
            {done && (
              <Alert severity="success" role="status">
                {t('domainRegistration.result.success', { domain: done.domain })}{' '}
                <Link href={done.address}>{t('domainRegistration.result.open', { url: done.address })}</Link>
              </Alert>
            )}

            <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end', pt: 1 }}>
              <Button
                variant="outlined"
                color="inherit"
                onClick={() => setConfirmClear(true)}
                disabled={Boolean(done)}
              >
                {t('domainRegistration.actions.clear')}
              </Button>
              <Button
                variant="contained"
                color="secondary"
                size="large"
                onClick={() => void submit()}
                loading={registering.isLoading}
                disabled={Boolean(done)}
              >
                {t('domainRegistration.actions.register')}
              </Button>
            </Stack>
          </Stack>
        )}
      </Container>

      <Dialog open={confirmClear} onClose={() => setConfirmClear(false)} aria-labelledby="clear-title">
        <DialogTitle id="clear-title">{t('domainRegistration.actions.clearTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('domainRegistration.actions.clearBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmClear(false)}>{t('domainRegistration.actions.cancel')}</Button>
          <Button color="error" variant="contained" onClick={clear}>
            {t('domainRegistration.actions.clear')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
