import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { failureOf } from '../../app/api';
import { messageText } from '../../kit/forms/messages';
import { PageLoader } from '../../layout/page-loader';
import { InstituteForm } from './institute-form';
import { useWebsiteQuery } from './website.api';
import { WebsiteForm } from './website-form';

const STATUS_COLOUR = {
  not_started: 'default',
  draft: 'info',
  published: 'success',
  changed: 'warning',
} as const;

/** The builder's paths that open a new branch institute rather than edit this institute's site. */
const INSTITUTE_PATHS = ['/admin/create-institute', '/add-school'];

// Lazy: its groups endpoint would otherwise split a shared chunk into the shell's first view.
const NeedsGroup = lazy(() => import('./needs-group'));

/**
 * /create-website (the institute's public site), and /add-school or /admin/create-institute (the
 * same builder opening a new branch institute); the path chooses.
 */
export default function WebsitePage() {
  const { t } = useTranslation();
  const forInstitute = INSTITUTE_PATHS.includes(useLocation().pathname.replace(/\/$/, ''));
  const website = useWebsiteQuery(undefined, { refetchOnMountOrArgChange: true });
  const title = forInstitute ? t('website.institute.title') : t('website.title');

  useEffect(() => {
    document.title = title;
  }, [title]);

  let body: ReactNode = <PageLoader />;
  if (website.isError) {
    const failure = failureOf(website.error);
    body = (
      <Alert
        severity="error"
        action={
          failure.status === 403 ? undefined : (
            <Button color="inherit" size="small" onClick={() => void website.refetch()}>
              {t('profile.retry')}
            </Button>
          )
        }
      >
        {failure.status === 403 ? messageText(t, failure.message, failure.coded) : t('website.loadFailed')}
      </Alert>
    );
  } else if (website.data) {
    body = forInstitute ? (
      <Suspense fallback={<PageLoader />}>
        <NeedsGroup>
          <InstituteForm platformDomain={website.data.platform_domain} />
        </NeedsGroup>
      </Suspense>
    ) : (
      <WebsiteForm key={website.data.updated_at ?? 'new'} state={website.data} />
    );
  }

  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', width: '100%' }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1.5, flexWrap: 'wrap', mb: 0.5 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        {!forInstitute && website.data && (
          <Chip
            size="small"
            color={STATUS_COLOUR[website.data.status]}
            label={t(`website.status.short.${website.data.status}`)}
          />
        )}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {forInstitute ? t('website.institute.intro') : t('website.intro')}
      </Typography>
      {body}
    </Box>
  );
}
