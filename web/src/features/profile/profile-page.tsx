import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { PageLoader } from '../../layout/page-loader';
import { messageText } from '../forms/messages';
import { useProfileQuery } from './profile.api';
import { ProfileForm } from './profile-form';

/** /update-profile (spec 2.10): the institute's contact information, for admins and directors. */
export default function ProfilePage() {
  const { t } = useTranslation();
  const profile = useProfileQuery(undefined, { refetchOnMountOrArgChange: true });

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
    body = <ProfileForm key={profile.data.updated_at ?? 'new'} profile={profile.data} />;
  }

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 0.5 }}>
        {t('profile.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('profile.intro')}
      </Typography>
      {body}
    </Box>
  );
}
