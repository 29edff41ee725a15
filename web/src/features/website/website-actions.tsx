import Dashboard from '@mui/icons-material/Dashboard';
import OpenInNew from '@mui/icons-material/OpenInNew';
import Publish from '@mui/icons-material/Publish';
import Save from '@mui/icons-material/Save';
import Visibility from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
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
import { FOOTER_HEIGHT } from '../../layout/footer';

/** Small buttons without their icons on a phone (one row fits), the usual ones elsewhere. */
const compact = {
  fontSize: { xs: 13, sm: 14 },
  px: { xs: 1, sm: 2 },
  py: { xs: 0.5, sm: 0.75 },
  '& .MuiButton-startIcon': { display: { xs: 'none', sm: 'inherit' } },
};

/** The Dashboard button: its icon alone on a phone (its name stays for screen readers). */
export function DashboardButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  const label = t('website.actions.dashboard');
  return (
    <Button
      variant="text"
      aria-label={label}
      onClick={onClick}
      sx={{ ...compact, minWidth: 0, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 1 } } }}
      startIcon={<Dashboard />}
    >
      <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
        {label}
      </Box>
    </Button>
  );
}

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

/**
 * The builder's buttons, kept in view at the bottom of the window: above the fixed footer on
 * wider screens; on a phone the footer flows after the page (layout/footer.tsx) and the bar is
 * compact (small buttons, Dashboard as an icon), one row of buttons under the save state.
 */
export function ActionBar({ children }: { children: ReactNode }) {
  return (
    <Paper
      elevation={3}
      sx={{
        position: 'sticky',
        bottom: { xs: 0, sm: FOOTER_HEIGHT + 8 },
        zIndex: 2,
        p: { xs: 1, sm: 1.5 },
        display: 'flex',
        flexWrap: 'wrap',
        gap: { xs: 1, sm: 1.5 },
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
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ flexGrow: 1, flexBasis: { xs: '100%', sm: 'auto' }, fontSize: { xs: 12.5, sm: 14 } }}
      >
        {dirty ? t('website.unsaved') : t('website.allSaved')}
      </Typography>
      <DashboardButton onClick={onDashboard} />
      <Button variant="outlined" startIcon={<Visibility />} onClick={onPreview} disabled={busy} sx={compact}>
        {t('website.actions.preview')}
      </Button>
      <Button
        variant="outlined"
        startIcon={saving ? spinner : <Save />}
        onClick={onSave}
        disabled={busy}
        sx={compact}
      >
        {saving ? t('website.actions.saving') : t('website.actions.saveDraft')}
      </Button>
      <Button
        type="submit"
        variant="contained"
        color="secondary"
        startIcon={publishing ? spinner : <Publish />}
        disabled={busy}
        sx={compact}
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
