import CalendarMonth from '@mui/icons-material/CalendarMonth';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import NativeSelect from '@mui/material/NativeSelect';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from './messages';
import {
  calendarNames,
  dayInWords,
  isIsoDay,
  monthDays,
  type Reading,
  readDay,
  readTime,
  shiftMonth,
  textOfDay,
} from './when-text';

type TypedProps = Omit<TextFieldProps, 'value' | 'onChange' | 'type' | 'select' | 'children'> & {
  /** The value as ISO text (2026-11-26, 15:30); '' or null when empty. */
  value: string | null | undefined;
  /** Told of each new value the field holds, or '' when it is emptied. */
  onChange: (value: string) => void;
  /** Told of a text that is wrong, as typed: a form keeps it so its schema refuses it. */
  onWrongText?: (text: string) => void;
};

export type DateFieldProps = TypedProps & {
  /** The earliest and latest days allowed (ISO). */
  min?: string;
  max?: string;
};

/**
 * A box whose text is read into a value as it is typed (`read`) and shown from it (`show`). What is
 * wrong shows under it once the person leaves it (or the form says it is wrong), in their language.
 */
function TypedField({
  value,
  onChange,
  onWrongText,
  read,
  show,
  onBlur,
  error,
  helperText,
  ...rest
}: TypedProps & { read: (text: string) => Reading; show: (value: string) => string }) {
  const { t } = useTranslation();
  const kept = value ?? '';
  // What was typed, with the value it stood for and the value before it: the text stays while the
  // value is either (a list's filter keeps its last day while the text is half typed).
  const typed = useRef<{ text: string; value: string; from: string } | null>(null);
  const [, rerender] = useState(0);
  const [left, setLeft] = useState(false);
  const own = typed.current && (typed.current.value === kept || typed.current.from === kept);
  const text = own && typed.current ? typed.current.text : show(kept);
  const { problem } = read(text);
  const said = problem && (left || error) ? messageText(t, problem) : undefined;
  return (
    <TextField
      size="small"
      fullWidth
      {...rest}
      value={text}
      onChange={(e) => {
        const next = read(e.target.value);
        typed.current = { text: e.target.value, value: next.value, from: kept };
        setLeft(false);
        rerender((n) => n + 1);
        if (next.problem) onWrongText?.(next.value);
        else onChange(next.value);
      }}
      onBlur={(e) => {
        setLeft(true);
        // A right text reads back in its one form: 26.11.2026 as 26/11/2026, 3:30 pm as 15:30.
        if (typed.current && !read(typed.current.text).problem) typed.current = null;
        onBlur?.(e);
      }}
      error={Boolean(said) || error}
      helperText={said ?? helperText}
      slotProps={{
        ...rest.slotProps,
        inputLabel: { shrink: true, ...(rest.slotProps?.inputLabel as object) },
      }}
    />
  );
}

/**
 * The app's one date field (issue 32): the day shows and is typed as dd/mm/yyyy (26/11/2026,
 * 26-11-2026 or 26.11.2026) whatever the browser's language, with a calendar to pick from in the
 * reader's language; the value stays the ISO text the forms and the API use. Text that is no day,
 * or a day outside min–max, says so under the field once the person leaves it.
 */
export function DateField({ min, max, slotProps, ...rest }: DateFieldProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // A day picked starts the box afresh, whatever was typed in it.
  const [picked, setPicked] = useState(0);
  const kept = rest.value ?? '';
  return (
    <>
      <TypedField
        key={picked}
        placeholder={t('lists.dateField.placeholder')}
        {...rest}
        read={(text) => readDay(text, min, max)}
        show={textOfDay}
        slotProps={{
          ...slotProps,
          htmlInput: { inputMode: 'numeric', ...(slotProps?.htmlInput as object) },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  edge="end"
                  size="small"
                  aria-label={t('lists.dateField.open')}
                  disabled={rest.disabled}
                  onClick={(e) => setAnchor(e.currentTarget)}
                >
                  <CalendarMonth fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {anchor && (
        <Popover
          open
          anchorEl={anchor}
          onClose={() => setAnchor(null)}
          anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        >
          <Calendar
            value={isIsoDay(kept) ? kept : ''}
            min={min}
            max={max}
            onPick={(day) => {
              setAnchor(null);
              setPicked((n) => n + 1);
              rest.onChange(day);
            }}
          />
        </Popover>
      )}
    </>
  );
}

/**
 * The app's one time field (issue 32: the browser's own time box said "PM" in Hindi): a time of
 * the 24-hour clock, hh:mm, whatever the browser's language; "15.30", "1530" and "3:30 pm" are
 * read too. The value is the "15:30" the forms and the API use.
 */
export function TimeField(props: TypedProps) {
  const { t } = useTranslation();
  return (
    <TypedField
      placeholder={t('lists.dateField.timePlaceholder')}
      {...props}
      read={readTime}
      show={(v) => v}
    />
  );
}

/** A month of days to pick from, with the month and year to move to; days outside min–max are off. */
function Calendar({
  value,
  min,
  max,
  onPick,
}: {
  value: string;
  min?: string;
  max?: string;
  onPick: (day: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const today = todayInIndia();
  const allowed = (day: string) => (!min || day >= min) && (!max || day <= max);
  const start = value || (allowed(today) ? today : (max ?? min ?? today));
  const [month, setMonth] = useState(start.slice(0, 7));
  const names = calendarNames(i18n.language);
  const grid = monthDays(month);
  const year = Number(month.slice(0, 4));
  const thisYear = Number(today.slice(0, 4));
  const first = Math.min(min ? Number(min.slice(0, 4)) : thisYear - 100, year);
  const last = Math.max(max ? Number(max.slice(0, 4)) : thisYear + 10, year);
  const focused = value.startsWith(month) ? value : today.startsWith(month) ? today : '';
  const select = { fontSize: 14, py: 0.25 };
  return (
    <Box role="dialog" aria-label={t('lists.dateField.calendar')} sx={{ p: 1.5, width: 300 }}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, mb: 1 }}>
        <IconButton
          size="small"
          aria-label={t('lists.dateField.previousMonth')}
          onClick={() => setMonth(shiftMonth(month, -1))}
        >
          <ChevronLeft />
        </IconButton>
        <NativeSelect
          value={Number(month.slice(5)) - 1}
          onChange={(e) => setMonth(`${year}-${String(Number(e.target.value) + 1).padStart(2, '0')}`)}
          inputProps={{ 'aria-label': t('lists.dateField.month') }}
          sx={{ flexGrow: 1, ...select }}
        >
          {names.months.map((name, i) => (
            <option key={name} value={i}>
              {name}
            </option>
          ))}
        </NativeSelect>
        <NativeSelect
          value={year}
          onChange={(e) => setMonth(`${e.target.value}${month.slice(4)}`)}
          inputProps={{ 'aria-label': t('lists.dateField.year') }}
          sx={select}
        >
          {Array.from({ length: last - first + 1 }, (_, i) => last - i).map((y) => (
            <option key={y} value={y}>
              {y}
            </option>
          ))}
        </NativeSelect>
        <IconButton
          size="small"
          aria-label={t('lists.dateField.nextMonth')}
          onClick={() => setMonth(shiftMonth(month, 1))}
        >
          <ChevronRight />
        </IconButton>
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', rowGap: 0.5, textAlign: 'center' }}>
        {names.weekdays.map((day) => (
          <Typography key={day.long} variant="caption" title={day.long} sx={{ color: 'text.secondary' }}>
            {day.narrow}
          </Typography>
        ))}
        {grid.days.map((day, i) => (
          <ButtonBase
            key={day}
            autoFocus={day === focused}
            disabled={!allowed(day)}
            aria-label={dayInWords(day, i18n.language)}
            aria-pressed={day === value}
            aria-current={day === today ? 'date' : undefined}
            onClick={() => onPick(day)}
            sx={{
              gridColumnStart: i === 0 ? grid.firstColumn + 1 : undefined,
              mx: 'auto',
              width: 36,
              height: 36,
              borderRadius: '50%',
              fontSize: 14,
              border: day === today ? 1 : 0,
              borderColor: 'primary.main',
              ...(day === value
                ? { bgcolor: 'primary.main', color: 'primary.contrastText' }
                : { '&:hover': { bgcolor: 'action.hover' } }),
              '&.Mui-disabled': { color: 'text.disabled' },
            }}
          >
            {Number(day.slice(8))}
          </ButtonBase>
        ))}
      </Box>
      <Box sx={{ textAlign: 'right', mt: 1 }}>
        <Button size="small" disabled={!allowed(today)} onClick={() => onPick(today)}>
          {t('lists.dateField.today')}
        </Button>
      </Box>
    </Box>
  );
}
