import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type Props = {
  id: string;
  title: string;
  loading: boolean;
  /** Said instead of the content when there is nothing to show (what is true, and what to do). */
  empty: string | null;
  children?: ReactNode;
  action?: ReactNode;
};

/** One card of a role's dashboard: a title, a skeleton while loading, its empty state or its content. */
export function Panel({ id, title, loading, empty, children, action }: Props) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: 2.5, minWidth: 0 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
        {title}
      </Typography>
      {loading ? (
        <Skeleton variant="rectangular" height={120} aria-busy="true" />
      ) : empty ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        children
      )}
      {action}
    </Paper>
  );
}
