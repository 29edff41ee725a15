import AccountCircle from '@mui/icons-material/AccountCircle';
import Web from '@mui/icons-material/Web';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type SvgIcon from '@mui/material/SvgIcon';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Role } from '@schooliko/common/auth';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { canOpen } from '../../layout/sidebar-items';

type Action = { key: string; to: string; icon: typeof SvgIcon };

/** Spec 6.3: Create Website and Update Profile are the admin's; groups are the directors' (2.9). */
const ACTIONS: Action[] = [
  { key: 'createWebsite', to: '/create-website', icon: Web },
  { key: 'updateProfile', to: '/update-profile', icon: AccountCircle },
];

/** Real links to the screens the role may open; the others say they are not enabled yet. */
export function QuickActionsPanel({ userRole: role }: { userRole: Role }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2.5 }} component="section" aria-labelledby="quick-actions-title">
      <Typography id="quick-actions-title" variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {t('dashboard.admin.quickActions')}
      </Typography>
      <Stack spacing={1}>
        {ACTIONS.map(({ key, to, icon: Icon }) =>
          canOpen(to, role) ? (
            <Button
              key={key}
              component={RouterLink}
              to={to}
              variant="outlined"
              startIcon={<Icon />}
              sx={{ justifyContent: 'flex-start' }}
            >
              {t(`dashboard.setup.${key}`)}
            </Button>
          ) : (
            <Tooltip key={key} title={t('dashboard.setup.notEnabled')} placement="left">
              <span>
                <Button
                  variant="outlined"
                  startIcon={<Icon />}
                  disabled
                  fullWidth
                  sx={{ justifyContent: 'flex-start' }}
                >
                  {t(`dashboard.setup.${key}`)}
                </Button>
              </span>
            </Tooltip>
          ),
        )}
      </Stack>
      {role === 'admin' && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5 }}>
          {t('dashboard.admin.groupsByDirectors')}
        </Typography>
      )}
    </Paper>
  );
}
