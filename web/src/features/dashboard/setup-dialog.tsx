import AccountCircle from '@mui/icons-material/AccountCircle';
import Close from '@mui/icons-material/Close';
import GroupAdd from '@mui/icons-material/GroupAdd';
import Search from '@mui/icons-material/Search';
import Web from '@mui/icons-material/Web';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import type SvgIcon from '@mui/material/SvgIcon';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Role } from '@schooliko/common/auth';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { canOpen } from '../../layout/sidebar-items';
import { CancelRequestButton, FindGroupPanel, pendingRequestOf } from '../join-requests';

type StepProps = {
  icon: typeof SvgIcon;
  title: string;
  text: string;
  action: ReactNode;
  children?: ReactNode;
};

function Step({ icon: Icon, title, text, action, children }: StepProps) {
  return (
    <Box sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 1 }}>
      {/* On a phone the button goes under the text, which would otherwise be a word per line. */}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'center',
          gridTemplateColumns: { xs: 'auto 1fr', sm: 'auto 1fr auto' },
        }}
      >
        <Icon color="primary" sx={{ fontSize: 32 }} />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 700 }}>{title}</Typography>
          <Typography variant="body2" color="text.secondary">
            {text}
          </Typography>
        </Box>
        <Box sx={{ gridColumn: { xs: '2', sm: 'auto' }, justifySelf: 'start' }}>{action}</Box>
      </Box>
      {children}
    </Box>
  );
}

type LinkButtonProps = { to: string; role: Role; label: string; disabled?: boolean };

/** A step's button: a link when the screen exists and the role may open it. */
function StepLink({ to, role, label, disabled }: LinkButtonProps) {
  const { t } = useTranslation();
  if (!canOpen(to, role)) {
    return (
      <Tooltip title={t('dashboard.setup.notEnabled')}>
        <span>
          <Button variant="outlined" disabled>
            {label}
          </Button>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button component={RouterLink} to={to} variant="contained" disabled={disabled}>
      {label}
    </Button>
  );
}

type Props = {
  open: boolean;
  userRole: Role;
  /** Absent: the dialog cannot be dismissed (the admin's blurred dashboard). */
  onClose?: () => void;
  statusFailed?: boolean;
};

/**
 * Spec 2.9 / 5.6: the setup steps. Directors: Create Group and Find Group (both held back while a
 * join request waits, which they can cancel); admins and directors: Create Website, Update Profile.
 */
export function SetupDialog({ open, userRole: role, onClose, statusFailed }: Props) {
  const { t } = useTranslation();
  const [finding, setFinding] = useState(false);
  const pending = useAppSelector((s) => pendingRequestOf(s.joinRequest));
  const director = role === 'director';
  const blocked = director && pending !== null;

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="setup-dialog-title">
      <DialogTitle id="setup-dialog-title" sx={{ fontWeight: 700, pr: 6 }}>
        {role === 'admin' ? t('dashboard.setup.titleAdmin') : t('dashboard.setup.title')}
        {onClose && (
          <IconButton
            aria-label={t('dashboard.setup.close')}
            onClick={onClose}
            sx={{ position: 'absolute', right: 8, top: 8 }}
          >
            <Close />
          </IconButton>
        )}
      </DialogTitle>
      <DialogContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('dashboard.setup.text')}
        </Typography>
        {director && statusFailed && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {t('groups.messages.statusFailed')}
          </Alert>
        )}
        {blocked && pending && (
          <Alert
            severity="warning"
            sx={{ mb: 2 }}
            action={<CancelRequestButton requestId={pending._id} groupName={pending.group_data.group_name} />}
          >
            {t('groups.join.pendingBlocks', { group: pending.group_data.group_name })}
          </Alert>
        )}
        <Stack spacing={1.5}>
          {director && (
            <>
              <Step
                icon={GroupAdd}
                title={t('dashboard.setup.createGroup')}
                text={t('dashboard.setup.createGroupText')}
                action={
                  <StepLink
                    to="/director/create-group"
                    role={role}
                    label={t('dashboard.setup.createGroup')}
                    disabled={blocked}
                  />
                }
              />
              <Step
                icon={Search}
                title={t('dashboard.setup.findGroup')}
                text={t('dashboard.setup.findGroupText')}
                action={
                  <Button
                    variant={finding ? 'outlined' : 'contained'}
                    onClick={() => setFinding((f) => !f)}
                    disabled={blocked}
                    aria-expanded={finding && !blocked}
                  >
                    {t('dashboard.setup.findGroup')}
                  </Button>
                }
              >
                {finding && !blocked && <FindGroupPanel onSent={() => setFinding(false)} />}
              </Step>
            </>
          )}
          <Step
            icon={Web}
            title={t('dashboard.setup.createWebsite')}
            text={t('dashboard.setup.createWebsiteText')}
            action={<StepLink to="/create-website" role={role} label={t('dashboard.setup.createWebsite')} />}
          />
          <Step
            icon={AccountCircle}
            title={t('dashboard.setup.updateProfile')}
            text={t('dashboard.setup.updateProfileText')}
            action={<StepLink to="/update-profile" role={role} label={t('dashboard.setup.updateProfile')} />}
          />
        </Stack>
      </DialogContent>
    </Dialog>
  );
}
