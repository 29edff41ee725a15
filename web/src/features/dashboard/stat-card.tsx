import Avatar from '@mui/material/Avatar';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

type Props = {
  label: string;
  /** A count, or a text already formatted (an amount in rupees). */
  value: number | string | null;
  icon: typeof SvgIcon;
  color?: 'primary' | 'secondary' | 'success' | 'info' | 'warning';
  hint?: ReactNode;
  loading?: boolean;
  /** The list the figure counts: the card opens it. */
  to?: string;
};

/** One live figure of a dashboard. */
export function StatCard({ label, value, icon: Icon, color = 'primary', hint, loading, to }: Props) {
  const link = to
    ? ({
        component: RouterLink,
        to,
        sx: {
          p: 2.5,
          height: '100%',
          display: 'block',
          color: 'inherit',
          textDecoration: 'none',
          '&:hover, &:focus-visible': { borderColor: `${color}.main`, bgcolor: 'action.hover' },
        },
      } as const)
    : { sx: { p: 2.5, height: '100%' } };
  return (
    <Paper variant="outlined" {...link} data-testid="stat-card">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Avatar sx={{ bgcolor: `${color}.main`, width: 48, height: 48 }}>
          <Icon />
        </Avatar>
        <div>
          <Typography variant="body2" color="text.secondary" component="h3">
            {label}
          </Typography>
          <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
            {loading ? <Skeleton width={48} /> : (value ?? '—').toLocaleString()}
          </Typography>
        </div>
      </Stack>
      {hint && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
          {hint}
        </Typography>
      )}
    </Paper>
  );
}
