import Add from '@mui/icons-material/Add';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type CalendarEvent,
  type DayStatus,
  type EventKind,
  weekdayOf,
} from '@schooliko/common/academics/calendar';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { LoadFailed } from '../../kit/lists/load-failed';
import { useCalendarDaysQuery, useCalendarEventsQuery } from './calendar.api';
import { CalendarPlanning } from './calendar-planning';
import { formatDay, formatMonth, monthRange, shiftMonth } from './dates';
import { EventDetails, EventDialog } from './event-dialog';

export const KIND_COLOURS: Record<EventKind, string> = {
  holiday: '#c62828',
  exam: '#6a1b9a',
  ptm: '#1565c0',
  event: '#2e7d32',
};
const CLOSED_BACKGROUND: Partial<Record<DayStatus['state'], string>> = {
  holiday: '#fdecea',
  weeklyOff: '#f1f3f4',
  saturdayOff: '#f1f3f4',
  outsideYear: '#fafafa',
};

/** Calendar (/calendar): the month's days and events; planners add, edit and cancel them. */
export default function CalendarPage() {
  const { t, i18n } = useTranslation();
  const today = todayInIndia();
  const [month, setMonth] = useState(today.slice(0, 7));
  const range = monthRange(month);
  const events = useCalendarEventsQuery(range);
  const days = useCalendarDaysQuery(range);
  const canPlan = useAppSelector((s) => s.auth.user?.permissions?.includes('calendar:write') ?? false);
  const [editing, setEditing] = useState<{ event: CalendarEvent | null; day: string } | null>(null);
  const [viewing, setViewing] = useState<CalendarEvent | null>(null);
  const open = (event: CalendarEvent) =>
    canPlan ? setEditing({ event, day: event.starts_on }) : setViewing(event);
  const working = days.data?.filter((d) => d.state === 'working').length ?? 0;

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mr: 'auto' }}>
          {t('academics.calendar.title')}
        </Typography>
        {canPlan && (
          <Button
            variant="contained"
            startIcon={<Add />}
            onClick={() => setEditing({ event: null, day: today })}
          >
            {t('academics.calendar.addEvent')}
          </Button>
        )}
      </Stack>
      <Typography color="text.secondary">{t('academics.calendar.intro')}</Typography>
      <Paper variant="outlined" sx={{ p: { xs: 1, sm: 2 } }}>
        <Stack direction="row" sx={{ alignItems: 'center', mb: 1, gap: 1 }}>
          <IconButton
            aria-label={t('academics.calendar.previous')}
            onClick={() => setMonth(shiftMonth(month, -1))}
          >
            <ChevronLeft />
          </IconButton>
          <Typography
            variant="h6"
            component="h2"
            sx={{
              minWidth: { xs: 0, sm: 150 },
              textAlign: 'center',
              fontSize: { xs: 16, sm: 20 },
              whiteSpace: 'nowrap',
            }}
          >
            {formatMonth(month, i18n.language)}
          </Typography>
          <IconButton
            aria-label={t('academics.calendar.next')}
            onClick={() => setMonth(shiftMonth(month, 1))}
          >
            <ChevronRight />
          </IconButton>
          <Button
            size="small"
            onClick={() => setMonth(today.slice(0, 7))}
            disabled={month === today.slice(0, 7)}
          >
            {t('academics.calendar.today')}
          </Button>
          {days.isSuccess && (
            <Typography
              variant="body2"
              color="text.secondary"
              sx={{ ml: 'auto', display: { xs: 'none', sm: 'block' } }}
            >
              {t('academics.calendar.workingDays', { count: working })}
            </Typography>
          )}
        </Stack>
        {(events.isLoading || days.isLoading) && <Skeleton variant="rectangular" height={360} />}
        {(events.isError || days.isError) && (
          <LoadFailed
            onRetry={() => {
              events.refetch();
              days.refetch();
            }}
          />
        )}
        {events.isSuccess && days.isSuccess && (
          <MonthGrid days={days.data} events={events.data} today={today} onOpen={open} />
        )}
      </Paper>
      {events.isSuccess && (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="h6" component="h2">
            {t('academics.calendar.thisMonth')}
          </Typography>
          {events.data.length === 0 ? (
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              {t(canPlan ? 'academics.calendar.emptyPlanner' : 'academics.calendar.empty')}
            </Typography>
          ) : (
            <List dense aria-label={t('academics.calendar.thisMonth')}>
              {events.data.map((e) => (
                <ListItemButton key={e.id} onClick={() => open(e)}>
                  <Box
                    sx={{
                      width: 10,
                      height: 10,
                      borderRadius: '50%',
                      bgcolor: KIND_COLOURS[e.kind],
                      mr: 1.5,
                      flexShrink: 0,
                    }}
                  />
                  <ListItemText
                    primary={e.title}
                    secondary={`${formatDay(e.starts_on, i18n.language)}${
                      e.ends_on !== e.starts_on ? ` – ${formatDay(e.ends_on, i18n.language)}` : ''
                    } · ${t(`academics.calendar.kinds.${e.kind}`)}`}
                    sx={e.cancelled ? { textDecoration: 'line-through', opacity: 0.6 } : undefined}
                  />
                  {e.cancelled && <Chip size="small" label={t('academics.calendar.cancelled')} />}
                </ListItemButton>
              ))}
            </List>
          )}
        </Paper>
      )}
      {canPlan && <CalendarPlanning />}
      {editing && <EventDialog event={editing.event} day={editing.day} onClose={() => setEditing(null)} />}
      {viewing && <EventDetails event={viewing} onClose={() => setViewing(null)} />}
    </Stack>
  );
}

/** Seven columns, Monday first; closed days shaded, with the reason; events as chips (dots on a phone). */
function MonthGrid(props: {
  days: DayStatus[];
  events: CalendarEvent[];
  today: string;
  onOpen: (event: CalendarEvent) => void;
}) {
  const { t } = useTranslation();
  const first = props.days[0];
  const blanks = first ? weekdayOf(first.date) - 1 : 0;
  return (
    <Box
      role="grid"
      aria-label={t('academics.calendar.title')}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, minmax(0, 1fr))', gap: '2px' }}
    >
      {[1, 2, 3, 4, 5, 6, 7].map((d) => (
        <Typography
          key={d}
          role="columnheader"
          variant="caption"
          sx={{ textAlign: 'center', fontWeight: 700, color: 'text.secondary', py: 0.5 }}
        >
          {t(`academics.calendar.weekdays.${d}`)}
        </Typography>
      ))}
      {Array.from({ length: blanks }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the blanks before the 1st have no identity
        <Box key={`blank-${i}`} />
      ))}
      {props.days.map((day) => {
        const todays = props.events.filter((e) => e.starts_on <= day.date && day.date <= e.ends_on);
        const closed = day.state !== 'working';
        return (
          <Box
            key={day.date}
            role="gridcell"
            aria-label={`${day.date}: ${t(`academics.calendar.states.${day.state}`)}${day.holiday ? ` (${day.holiday})` : ''}`}
            data-state={day.state}
            sx={{
              minHeight: { xs: 48, sm: 88 },
              p: 0.5,
              borderRadius: 1,
              border: '1px solid',
              borderColor: day.date === props.today ? 'primary.main' : 'divider',
              bgcolor: CLOSED_BACKGROUND[day.state] ?? 'background.paper',
              overflow: 'hidden',
            }}
          >
            <Typography
              variant="caption"
              sx={{
                fontWeight: day.date === props.today ? 800 : 500,
                color: closed ? 'text.secondary' : 'text.primary',
              }}
            >
              {Number(day.date.slice(8))}
            </Typography>
            <Stack spacing={0.25} sx={{ display: { xs: 'none', sm: 'flex' } }}>
              {todays.slice(0, 3).map((e) => (
                <Chip
                  key={e.id}
                  size="small"
                  label={e.title}
                  onClick={() => props.onOpen(e)}
                  sx={{
                    bgcolor: KIND_COLOURS[e.kind],
                    color: '#fff',
                    height: 20,
                    fontSize: 11,
                    justifyContent: 'flex-start',
                    textDecoration: e.cancelled ? 'line-through' : undefined,
                    opacity: e.cancelled ? 0.5 : 1,
                  }}
                />
              ))}
              {todays.length > 3 && (
                <Typography variant="caption" color="text.secondary">
                  {t('academics.calendar.more', { count: todays.length - 3 })}
                </Typography>
              )}
            </Stack>
            <Stack
              direction="row"
              spacing={0.25}
              sx={{ display: { xs: 'flex', sm: 'none' }, flexWrap: 'wrap' }}
            >
              {todays.slice(0, 4).map((e) => (
                <Box
                  key={e.id}
                  sx={{ width: 6, height: 6, borderRadius: '50%', bgcolor: KIND_COLOURS[e.kind] }}
                />
              ))}
            </Stack>
          </Box>
        );
      })}
    </Box>
  );
}
