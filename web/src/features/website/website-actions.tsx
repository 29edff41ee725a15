import Dashboard from '@mui/icons-material/Dashboard';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Publish from '@mui/icons-material/Publish';
import Save from '@mui/icons-material/Save';
import Visibility from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WebsiteStatus } from '@schooliko/common/website';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatWhen } from '../../app/format-when';

type Props = {
  /** The site has been published: the main button updates it. */
  live: boolean;
  dirty: boolean;
  saving: boolean;
  publishing: boolean;
  onSave: () => void;
  onPreview: () => void;
  onDashboard: () => void;
};

const spinner = <CircularProgress size={16} color="inherit" />;

/** The builder's buttons, kept in view at the bottom of the window (above the footer). */
export function ActionBar({ children }: { children: ReactNode }) {
  return (
    <Paper
      elevation={3}
      sx={{
        position: 'sticky',
        bottom: 53,
        zIndex: 2,
        p: 1.5,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 1.5,
        alignItems: 'center',
        justifyContent: 'flex-end',
      }}
    >
      {children}
    </Paper>
  );
}

/** Dashboard, Preview, Save Draft, and Create (Update once the site is live). */
export function WebsiteActions({ live, dirty, saving, publishing, onSave, onPreview, onDashboard }: Props) {
  const { t } = useTranslation();
  const busy = saving || publishing;
  return (
    <ActionBar>
      <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
        {dirty ? t('website.unsaved') : t('website.allSaved')}
      </Typography>
      <Button variant="text" startIcon={<Dashboard />} onClick={onDashboard}>
        {t('website.actions.dashboard')}
      </Button>
      <Button variant="outlined" startIcon={<Visibility />} onClick={onPreview} disabled={busy}>
        {t('website.actions.preview')}
      </Button>
      <Button variant="outlined" startIcon={saving ? spinner : <Save />} onClick={onSave} disabled={busy}>
        {saving ? t('website.actions.saving') : t('website.actions.saveDraft')}
      </Button>
      <Button
        type="submit"
        variant="contained"
        color="secondary"
        startIcon={publishing ? spinner : <Publish />}
        disabled={busy}
      >
        {publishing
          ? t('website.actions.publishing')
          : live
            ? t('website.actions.update')
            : t('website.actions.create')}
      </Button>
    </ActionBar>
  );
}

/** Where the live site is, and whether the draft has changes visitors do not see yet. */
export function PublishedNote({
  status,
  publishedAt,
}: {
  status: WebsiteStatus;
  publishedAt: string | null;
}) {
  const { t, i18n } = useTranslation();
  const when = publishedAt ? formatWhen(publishedAt, i18n.language) : '';
  return (
    <Alert
      severity={status === 'changed' ? 'warning' : 'success'}
      sx={{ mb: 2.5 }}
      action={
        <Link
          href="/homepage"
          target="_blank"
          rel="noopener"
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, mr: 1, fontWeight: 600 }}
        >
          {t('website.viewLive')}
          <OpenInNew fontSize="small" />
        </Link>
      }
    >
      <Stack>
        <span>{status === 'changed' ? t('website.status.changed') : t('website.status.published')}</span>
        {when && <Typography variant="caption">{t('website.publishedAt', { when })}</Typography>}
      </Stack>
    </Alert>
  );
}
