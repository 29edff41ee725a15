import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Role } from '@schooliko/common/auth';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../app/hooks';
import { canOpen } from './sidebar-items';

/**
 * Spec 2.6: each role's primary button. The teacher's 'Add Student' (/teacher/add-student) is
 * left out until that screen exists: add `teacher: { key: 'addStudent', to: '/teacher/add-student' }`
 * here when it does.
 */
const PRIMARY_ACTION: Partial<Record<Role, { key: string; to: string }>> = {
  director: { key: 'addGroup', to: '/director/create-group' },
  admin: { key: 'addInstitute', to: '/admin/create-institute' },
};

type Props = {
  /** Replaces the role's primary button (a page with its own main action). */
  action?: ReactNode;
  /** Extra content after the name, e.g. a subtitle. */
  children?: ReactNode;
};

/**
 * Spec 2.6: the signed-in user's name, a role chip and the role's primary button (disabled with
 * a note while its screen is not in AVAILABLE_ROUTES).
 */
export function PageHeader({ action, children }: Props) {
  const { t } = useTranslation();
  const user = useAppSelector((s) => s.auth.user);
  if (!user) return null;
  const primary = PRIMARY_ACTION[user.role];

  return (
    <Paper
      variant="outlined"
      component="header"
      sx={{ px: 2, py: 1.5, mb: 3, display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', gap: 1.5, flexGrow: 1, minWidth: 0, flexWrap: 'wrap' }}
      >
        <Typography component="h1" variant="h6" sx={{ fontWeight: 700 }} noWrap>
          {user.full_name}
        </Typography>
        <Chip label={t(`common.roles.${user.role}`)} color="primary" size="small" data-testid="role-chip" />
        {children}
      </Stack>
      {action ??
        (primary &&
          (canOpen(primary.to, user.role) ? (
            <Button component={RouterLink} to={primary.to} variant="contained" startIcon={<Add />}>
              {t(`shell.actions.${primary.key}`)}
            </Button>
          ) : (
            <Tooltip title={t('shell.notEnabled')}>
              <span>
                <Button variant="contained" startIcon={<Add />} disabled>
                  {t(`shell.actions.${primary.key}`)}
                </Button>
              </span>
            </Tooltip>
          )))}
    </Paper>
  );
}
