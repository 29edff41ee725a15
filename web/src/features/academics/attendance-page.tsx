import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { todayInIndia } from '@schooliko/common/kit/dates';
import type { Section } from '@schooliko/common/people/classes';
import type { Permission } from '@schooliko/common/permissions';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { DateField } from '../../kit/forms/when-fields';
import { LoadFailed } from '../../kit/lists/load-failed';
import { useCurrentYearQuery, useSectionsQuery } from '../people';
import { useAttendanceToTakeQuery } from './attendance.api';
import { Absentees, EditRequests, LowAttendance } from './attendance-lists';
import { OwnAttendance } from './attendance-own';
import { AttendanceRegister } from './attendance-register';
import { AttendanceSettingsPanel } from './attendance-settings';
import { TakeAttendance } from './attendance-take';

type TabName = 'take' | 'register' | 'low' | 'absentees' | 'requests' | 'settings';
const TABS: { name: TabName; needs: Permission[] }[] = [
  { name: 'take', needs: ['attendance:take'] },
  { name: 'register', needs: ['attendance:read', 'attendance:take'] },
  { name: 'low', needs: ['attendance:read'] },
  { name: 'absentees', needs: ['attendance:read'] },
  { name: 'requests', needs: ['attendance:approve'] },
  { name: 'settings', needs: ['attendance:approve'] },
];

/** A month to read (yyyy-mm). */
function MonthField(props: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <TextField
      size="small"
      type="month"
      label={props.label}
      value={props.value}
      onChange={(e) => e.target.value && props.onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true } }}
      sx={{ minWidth: 160 }}
    />
  );
}

/**
 * Attendance (/attendance): a teacher takes their sections' day (theirs first, today's by
 * default); the office reads every register, the low-attendance list and the day's absentees;
 * approvers decide edit requests and set the edit window. Pupils and parents see their own month.
 */
export default function AttendancePage() {
  const { t } = useTranslation();
  const permissions = useAppSelector((s) => s.auth.user?.permissions ?? []);
  const [params, setParams] = useSearchParams();
  const today = todayInIndia();
  const tabs = TABS.filter((tab) => tab.needs.some((p) => permissions.includes(p)));
  const asked = params.get('tab') as TabName | null;
  const shown = tabs.find((tab) => tab.name === asked)?.name ?? tabs[0]?.name;
  const readsAll = permissions.includes('attendance:read') || permissions.includes('attendance:approve');
  const sections = useSectionsQuery(readsAll ? undefined : { mine: true }, { skip: !tabs.length });
  const toTake = useAttendanceToTakeQuery(undefined, { skip: !tabs.length });
  const year = useCurrentYearQuery(undefined, { skip: !readsAll });
  const [sectionId, setSectionId] = useState('');
  const [date, setDate] = useState(params.get('date') ?? today);
  const [month, setMonth] = useState(today.slice(0, 7));

  useEffect(() => {
    document.title = t('academics.attendance.title');
  }, [t]);

  const led = new Set((toTake.data ?? []).map((s) => s.section_id));
  const list: Section[] = [...(sections.data ?? [])].sort(
    (a, b) => Number(led.has(b.id)) - Number(led.has(a.id)),
  );
  const section = list.find((s) => s.id === sectionId) ?? list.find((s) => led.has(s.id)) ?? list[0];
  const marked = new Map((toTake.data ?? []).map((s) => [s.section_id, s.marked]));

  const header = (
    <Stack spacing={0.5}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('academics.attendance.title')}
      </Typography>
      <Typography color="text.secondary">
        {t(tabs.length ? 'academics.attendance.intro' : 'academics.attendance.introOwn')}
      </Typography>
    </Stack>
  );
  if (!tabs.length)
    return (
      <Stack spacing={2}>
        {header}
        <OwnAttendance />
      </Stack>
    );

  const sectionPicker = (
    <TextField
      select
      size="small"
      label={t('academics.attendance.fields.section')}
      value={section?.id ?? ''}
      onChange={(e) => setSectionId(e.target.value)}
      sx={{ minWidth: 200 }}
    >
      {list.map((s) => (
        <MenuItem key={s.id} value={s.id}>
          {led.has(s.id)
            ? t(
                marked.get(s.id)
                  ? 'academics.attendance.sectionMarked'
                  : 'academics.attendance.sectionToTake',
                {
                  section: s.label,
                },
              )
            : s.label}
        </MenuItem>
      ))}
    </TextField>
  );
  const needsSection = shown === 'take' || shown === 'register';
  const from = year.data?.starts_on ?? `${today.slice(0, 4)}-04-01`;
  return (
    <Stack spacing={2}>
      {header}
      <Tabs
        value={shown}
        onChange={(_, v: TabName) => setParams({ tab: v })}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ '@media print': { display: 'none' } }}
      >
        {tabs.map((tab) => (
          <Tab key={tab.name} value={tab.name} label={t(`academics.attendance.tabs.${tab.name}`)} />
        ))}
      </Tabs>
      <Stack direction="row" sx={{ gap: 1.5, flexWrap: 'wrap', '@media print': { display: 'none' } }}>
        {needsSection && sectionPicker}
        {(shown === 'take' || shown === 'absentees') && (
          <DateField
            fullWidth={false}
            label={t('academics.attendance.fields.date')}
            value={date}
            max={today}
            onChange={(day) => day && setDate(day)}
            sx={{ minWidth: 160 }}
          />
        )}
        {shown === 'register' && (
          <MonthField label={t('academics.attendance.fields.month')} value={month} onChange={setMonth} />
        )}
      </Stack>
      {needsSection && sections.isError ? (
        <LoadFailed onRetry={sections.refetch} />
      ) : needsSection && sections.isLoading ? (
        <Skeleton variant="rounded" height={320} />
      ) : needsSection && !section ? (
        <Alert severity="info">{t('academics.attendance.noSection')}</Alert>
      ) : shown === 'take' && section ? (
        <TakeAttendance key={`${section.id}:${date}`} sectionId={section.id} date={date} />
      ) : shown === 'register' && section ? (
        <AttendanceRegister sectionId={section.id} month={month} />
      ) : shown === 'low' ? (
        <LowAttendance from={from} to={today} />
      ) : shown === 'absentees' ? (
        <Absentees date={date} />
      ) : shown === 'settings' ? (
        <AttendanceSettingsPanel />
      ) : (
        <EditRequests />
      )}
    </Stack>
  );
}
