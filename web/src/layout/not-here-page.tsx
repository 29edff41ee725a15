import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useAppSelector } from '../app/hooks';
import { closedReason, homePathFor, isSidebarScreen } from './sidebar-items';

/**
 * What the shell shows at an address with no screen for this person (issue 32): a screen of the
 * spec the institute has not enabled (/voucher), one of another role's, or no screen at all.
 * Inside the signed-in shell, so it never looks like being signed out.
 */
export function NotHerePage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const role = useAppSelector((s) => s.auth.user?.role) ?? 'admin';
  const path = pathname.replace(/\/$/, '') || '/';
  const known = isSidebarScreen(path);
  const reason = known ? closedReason(path) : null;
  const title = reason ? t(reason) : t('shell.notFound.title');
  const text =
    reason === 'shell.notEnabled'
      ? t('shell.notFound.notEnabledText', { path })
      : reason === 'shell.notForRole'
        ? t('shell.notFound.notForRoleText', { path })
        : t('shell.notFound.text', { path });
  return (
    <>
      <Typography variant="h5" component="h1" sx={{ mb: 2, fontWeight: 600 }}>
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3, maxWidth: 640 }}>
        <Typography sx={{ mb: 2 }}>{text}</Typography>
        <Button variant="contained" component={Link} to={homePathFor(role)}>
          {t('shell.notFound.home')}
        </Button>
      </Paper>
    </>
  );
}
