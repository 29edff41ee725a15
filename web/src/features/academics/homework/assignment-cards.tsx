import Box from '@mui/material/Box';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { LoadFailed } from '../../../kit/lists/load-failed';

/** Assignments a page (the staff list and a pupil's list). */
export const PAGE = 20;

/**
 * One assignment in a list (staff's and pupils' alike): a card that opens it, with its title,
 * what it is for, its chips beside them and anything more below (staff: the hand-in bar).
 */
export function AssignmentCard(props: {
  to: string;
  title: string;
  subtitle: ReactNode;
  chips: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component={RouterLink}
      to={props.to}
      sx={{
        p: 2,
        display: 'block',
        textDecoration: 'none',
        color: 'inherit',
        '&:hover': { bgcolor: 'action.hover' },
      }}
    >
      <Stack spacing={1}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
          <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{props.title}</Typography>
            <Typography variant="body2" color="text.secondary">
              {props.subtitle}
            </Typography>
          </Box>
          {props.chips}
        </Stack>
        {props.children}
      </Stack>
    </Paper>
  );
}

/** A list's filter and page: choosing another filter goes back to the first page. */
export function useFilterAndPage<T extends string>(initial: T) {
  const [filter, choose] = useState<T>(initial);
  const [page, setPage] = useState(1);
  const setFilter = (next: T) => {
    choose(next);
    setPage(1);
  };
  return { filter, setFilter, page, setPage };
}

/**
 * A homework list (staff's and pupils'): its heading with what goes beside it, its filter as
 * tabs, then skeleton cards while loading, the failure with a retry, what to do when there is
 * nothing (`empty`), else the cards and, past one page, the pages.
 */
export function AssignmentList<T extends string>(props: {
  title: string;
  /** Beside the heading: a child picker, a switch, the "Set homework" button. */
  actions: ReactNode;
  filter: { value: T; options: readonly T[]; label: (option: T) => string; onChange: (option: T) => void };
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  /** Shown instead of the cards (nothing to show, or something to choose first); null: the cards. */
  empty: ReactNode | null;
  total: number;
  page: number;
  onPage: (page: number) => void;
  cardHeight: number;
  children: ReactNode;
}) {
  const pages = Math.max(1, Math.ceil(props.total / PAGE));
  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ mr: 'auto' }}>
          {props.title}
        </Typography>
        {props.actions}
      </Stack>
      <Tabs
        value={props.filter.value}
        onChange={(_, v: T) => props.filter.onChange(v)}
        variant="scrollable"
        allowScrollButtonsMobile
      >
        {props.filter.options.map((o) => (
          <Tab key={o} value={o} label={props.filter.label(o)} />
        ))}
      </Tabs>
      {props.loading ? (
        <Stack spacing={1.5}>
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} variant="rounded" height={props.cardHeight} />
          ))}
        </Stack>
      ) : props.failed ? (
        <LoadFailed onRetry={props.onRetry} />
      ) : (
        (props.empty ?? (
          <Stack spacing={1.5}>
            {props.children}
            {pages > 1 && (
              <Pagination
                count={pages}
                page={props.page}
                onChange={(_, p) => props.onPage(p)}
                sx={{ alignSelf: 'center' }}
              />
            )}
          </Stack>
        ))
      )}
    </Stack>
  );
}
