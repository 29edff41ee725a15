import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { messageText } from '../../kit/forms/messages';
import { PageLoader } from '../../layout/page-loader';
import { useBranding } from '../branding';
import { BrandingForm } from './branding-form';
import { useProfileQuery } from './profile.api';
import { ProfileForm } from './profile-form';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

/**
 * /update-profile (spec 2.10): the institute's name and branding (issue 17 item 9) and its
 * contact information, for admins and directors.
 */
export default function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfileQuery(undefined, { refetchOnMountOrArgChange: true });
  const { branding, known } = useBranding();
  const [dirty, setDirty] = useState({ branding: false, contact: false });
  const brandingDirty = useCallback((b: boolean) => setDirty((d) => ({ ...d, branding: b })), []);
  const contactDirty = useCallback((c: boolean) => setDirty((d) => ({ ...d, contact: c })), []);

  useEffect(() => {
    document.title = t('profile.title');
  }, [t]);

  let body = <PageLoader />;
  if (profile.isError) {
    const failure = failureOf(profile.error);
    body = (
      <Alert
        severity="error"
        action={
          failure.status === 403 ? undefined : (
            <Button color="inherit" size="small" onClick={() => void profile.refetch()}>
              {t('profile.retry')}
            </Button>
          )
        }
      >
        {failure.status === 403 ? messageText(t, failure.message, failure.coded) : t('profile.loadFailed')}
      </Alert>
    );
  } else if (profile.data) {
    // A newer copy from the server (another tab saved) opens the form afresh.
    body = (
      <>
        {known && <BrandingForm branding={branding} onDirty={brandingDirty} />}
        <ProfileForm key={profile.data.updated_at ?? 'new'} profile={profile.data} onDirty={contactDirty} />
      </>
    );
  }

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t('profile.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('profile.intro')}
      </Typography>
      <UnsavedChangesGuard when={dirty.branding || dirty.contact} />
      {body}
    </Box>
  );
}
