import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import GlobalStyles from '@mui/material/GlobalStyles';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { Period, TimetableEntry } from '@schooliko/common/academics/timetable';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What a cell names besides the subject: the others of section, teacher and room. */
export type GridKind = 'section' | 'teacher' | 'room';

/** Monday to Saturday, and Sunday only when an entry uses it. */
export function daysOf(entries: TimetableEntry[]): number[] {
  return entries.some((e) => e.day === 7) ? [1, 2, 3, 4, 5, 6, 7] : [1, 2, 3, 4, 5, 6];
}

/** Only the grid prints, on a landscape page. */
const PRINT = (
  <GlobalStyles
    styles={{
      '@media print': {
        '@page': { size: 'landscape', margin: '10mm' },
        'body *': { visibility: 'hidden' },
        '.timetable-print, .timetable-print *': { visibility: 'visible' },
        '.timetable-print': { position: 'absolute', left: 0, top: 0, width: '100%' },
      },
    }}
  />
);

function CellText({ entry, kind }: { entry: TimetableEntry; kind: GridKind }) {
  const lines = [
    kind !== 'section' ? entry.section_label : null,
    kind !== 'teacher' ? entry.teacher_name : null,
    kind !== 'room' && entry.room ? entry.room : null,
  ].filter(Boolean);
  return (
    <Box sx={{ textAlign: 'left', width: '100%' }}>
      <Typography variant="body2" sx={{ fontWeight: 600, lineHeight: 1.2 }}>
        {entry.subject_name}
      </Typography>
      {lines.map((line) => (
        <Typography
          key={line}
          variant="caption"
          color="text.secondary"
          component="div"
          sx={{ lineHeight: 1.2 }}
        >
          {line}
        </Typography>
      ))}
    </Box>
  );
}

/**
 * A week as days × bell-schedule periods (breaks and assembly span the days). On a phone one day
 * at a time; printed, the whole week. `onCell` makes the lesson cells clickable.
 */
export function TimetableGrid({
  title,
  periods,
  entries,
  kind,
  onCell,
}: {
  title: string;
  periods: Period[];
  entries: TimetableEntry[];
  kind: GridKind;
  onCell?: (day: number, period: Period, entry: TimetableEntry | undefined) => void;
}) {
  const { t } = useTranslation();
  const days = daysOf(entries);
  const today = new Date().getDay() || 7;
  const [day, setDay] = useState(days.includes(today) ? today : 1);
  const at = new Map(entries.map((e) => [`${e.day}:${e.period}`, e]));
  const dayName = (d: number) => t(`academics.timetable.days.${d}`);

  const cell = (d: number, p: Period) => {
    const entry = at.get(`${d}:${p.period}`);
    const label = t('academics.timetable.cellLabel', {
      day: dayName(d),
      period: p.label,
      what: entry ? entry.subject_name : t('academics.timetable.free'),
    });
    const content = entry ? (
      <CellText entry={entry} kind={kind} />
    ) : (
      <Typography variant="caption" color="text.disabled" sx={{ width: '100%', textAlign: 'left' }}>
        {onCell ? t('academics.timetable.add') : '—'}
      </Typography>
    );
    return (
      <TableCell
        key={d}
        sx={{ p: 0.5, verticalAlign: 'top', minWidth: 96, border: 1, borderColor: 'divider' }}
      >
        {onCell ? (
          <ButtonBase
            aria-label={label}
            onClick={() => onCell(d, p, entry)}
            sx={{
              width: '100%',
              minHeight: 44,
              p: 0.5,
              borderRadius: 1,
              '&:hover': { bgcolor: 'action.hover' },
            }}
          >
            {content}
          </ButtonBase>
        ) : (
          <Box aria-label={label} sx={{ minHeight: 44, p: 0.5 }}>
            {content}
          </Box>
        )}
      </TableCell>
    );
  };

  const table = (shown: number[]) => (
    <Table size="small" sx={{ borderCollapse: 'collapse', tableLayout: 'fixed' }}>
      <TableHead>
        <TableRow>
          <TableCell sx={{ width: 96, border: 1, borderColor: 'divider' }}>
            {t('academics.timetable.period')}
          </TableCell>
          {shown.map((d) => (
            <TableCell key={d} sx={{ fontWeight: 700, border: 1, borderColor: 'divider' }}>
              {dayName(d)}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {periods.map((p) => (
          <TableRow key={p.period}>
            <TableCell sx={{ border: 1, borderColor: 'divider', verticalAlign: 'top' }}>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {p.label}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {p.starts_at}–{p.ends_at}
              </Typography>
            </TableCell>
            {p.kind === 'lesson' ? (
              shown.map((d) => cell(d, p))
            ) : (
              <TableCell
                colSpan={shown.length}
                sx={{ bgcolor: 'action.hover', textAlign: 'center', border: 1, borderColor: 'divider' }}
              >
                <Typography variant="body2" color="text.secondary">
                  {t(`academics.timetable.kinds.${p.kind}`)}
                </Typography>
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );

  return (
    <>
      {PRINT}
      <Box
        className="timetable-print"
        data-testid="timetable-week"
        sx={{ display: { xs: 'none', sm: 'block' }, overflowX: 'auto', '@media print': { display: 'block' } }}
      >
        <Typography variant="h6" sx={{ display: 'none', '@media print': { display: 'block' }, mb: 1 }}>
          {title}
        </Typography>
        {table(days)}
      </Box>
      <Box
        data-testid="timetable-day"
        sx={{ display: { xs: 'block', sm: 'none' }, '@media print': { display: 'none' } }}
      >
        <Tabs
          value={day}
          onChange={(_, d: number) => setDay(d)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('academics.timetable.dayTabs')}
        >
          {days.map((d) => (
            <Tab key={d} value={d} label={t(`academics.timetable.shortDays.${d}`)} sx={{ minWidth: 56 }} />
          ))}
        </Tabs>
        {table([day])}
      </Box>
    </>
  );
}
