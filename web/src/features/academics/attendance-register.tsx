import Download from '@mui/icons-material/Download';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Print from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { downloadFile, openFile } from '../../kit/lists/download';
import { LoadFailed } from '../../kit/lists/load-failed';
import { useRegisterQuery } from './attendance.api';
import { formatMonth } from './dates';

/** Only the register prints, on a landscape page. */
const PRINT = (
  <GlobalStyles
    styles={{
      '@media print': {
        '@page': { size: 'A4 landscape', margin: '8mm' },
        'body *': { visibility: 'hidden' },
        '.register-print, .register-print *': { visibility: 'visible' },
        '.register-print': {
          position: 'absolute',
          left: 0,
          top: 0,
          width: '100%',
          overflow: 'visible !important',
        },
      },
    }}
  />
);

const CELL = {
  border: '1px solid',
  borderColor: 'divider',
  px: 0.25,
  py: 0.25,
  textAlign: 'center',
} as const;
const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));

/** The monthly register of a section as schools keep it: pupils × days, codes, closed days, totals. */
export function AttendanceRegister({ sectionId, month }: { sectionId: string; month: string }) {
  const { t, i18n } = useTranslation();
  const token = useAppSelector((s) => s.auth.accessToken);
  const register = useRegisterQuery({ section_id: sectionId, month });
  const [error, setError] = useState<string | null>(null);
  if (register.isLoading) return <Skeleton variant="rounded" height={360} />;
  if (register.isError || !register.data) return <LoadFailed onRetry={register.refetch} />;
  const r = register.data;
  const query = `section_id=${sectionId}&month=${month}`;
  const file = `register-${r.section_label}-${month}`;
  const closed = (state: string) => state !== 'working';
  return (
    <Stack spacing={1.5}>
      {PRINT}
      <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', '@media print': { display: 'none' } }}>
        <Button startIcon={<Print />} onClick={() => window.print()}>
          {t('academics.attendance.register.print')}
        </Button>
        <Button
          startIcon={<PictureAsPdf />}
          onClick={() =>
            openFile(`/attendance/register.pdf?${query}`, token).catch((e: Error) => setError(e.message))
          }
        >
          PDF
        </Button>
        {(['csv', 'xlsx'] as const).map((f) => (
          <Button
            key={f}
            startIcon={<Download />}
            onClick={() =>
              downloadFile(`/attendance/register/export?format=${f}&${query}`, token, `${file}.${f}`).catch(
                (e: Error) => setError(e.message),
              )
            }
          >
            {f.toUpperCase()}
          </Button>
        ))}
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {!r.students.length && <Alert severity="info">{t('academics.attendance.noPupils')}</Alert>}
      <Box className="register-print" sx={{ overflowX: 'auto' }} data-testid="register">
        <Typography variant="h6" component="h2">
          {t('academics.attendance.register.title', {
            section: r.section_label,
            month: formatMonth(month, i18n.language),
          })}
        </Typography>
        {r.class_teacher && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('academics.attendance.register.classTeacher', { name: r.class_teacher })}
          </Typography>
        )}
        <Box component="table" sx={{ borderCollapse: 'collapse', fontSize: 12, minWidth: '100%' }}>
          <thead>
            <tr>
              <Box component="th" sx={{ ...CELL, minWidth: 28 }}>
                {t('academics.attendance.register.roll')}
              </Box>
              <Box
                component="th"
                sx={{
                  ...CELL,
                  textAlign: 'left',
                  minWidth: 140,
                  position: 'sticky',
                  left: 0,
                  bgcolor: 'background.paper',
                }}
              >
                {t('academics.attendance.register.name')}
              </Box>
              {r.days.map((d) => (
                <Box
                  component="th"
                  key={d.date}
                  title={d.holiday ?? undefined}
                  sx={{ ...CELL, minWidth: 22, bgcolor: closed(d.state) ? 'action.selected' : undefined }}
                >
                  {Number(d.date.slice(8))}
                </Box>
              ))}
              <Box component="th" sx={CELL}>
                {t('academics.attendance.register.present')}
              </Box>
              <Box component="th" sx={CELL}>
                {t('academics.attendance.register.days')}
              </Box>
              <Box component="th" sx={CELL}>
                %
              </Box>
            </tr>
          </thead>
          <tbody>
            {r.students.map((s, n) => (
              <tr key={s.student_id}>
                <Box component="td" sx={CELL}>
                  {s.roll_no}
                </Box>
                <Box
                  component="td"
                  sx={{
                    ...CELL,
                    textAlign: 'left',
                    whiteSpace: 'nowrap',
                    position: 'sticky',
                    left: 0,
                    bgcolor: 'background.paper',
                  }}
                >
                  {s.name}
                </Box>
                {r.days.map((d, i) => (
                  <Box
                    component="td"
                    key={d.date}
                    sx={{
                      ...CELL,
                      bgcolor: closed(d.state) ? 'action.selected' : undefined,
                      color: s.marks[i] === 'A' ? 'error.main' : undefined,
                      fontWeight: s.marks[i] === 'A' ? 700 : undefined,
                      fontSize: closed(d.state) ? 9 : undefined,
                    }}
                  >
                    {s.marks[i] ??
                      (closed(d.state) && n === 0
                        ? t(`academics.attendance.register.closed.${d.state}`)
                        : '')}
                  </Box>
                ))}
                <Box component="td" sx={CELL}>
                  {fmt(s.present)}
                </Box>
                <Box component="td" sx={CELL}>
                  {s.marked}
                </Box>
                <Box
                  component="td"
                  sx={{ ...CELL, color: s.percent !== null && s.percent < 75 ? 'error.main' : undefined }}
                >
                  {s.percent === null ? '–' : fmt(s.percent)}
                </Box>
              </tr>
            ))}
            <tr>
              <Box component="td" sx={CELL} />
              <Box
                component="th"
                sx={{ ...CELL, textAlign: 'left', position: 'sticky', left: 0, bgcolor: 'background.paper' }}
              >
                {t('academics.attendance.register.presentDay')}
              </Box>
              {r.days.map((d) => (
                <Box component="td" key={d.date} sx={{ ...CELL, fontWeight: 700 }}>
                  {d.present === null ? '' : fmt(d.present)}
                </Box>
              ))}
              <Box component="td" sx={CELL} colSpan={3} />
            </tr>
          </tbody>
        </Box>
        {r.days.some((d) => d.state === 'holiday') && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1 }}>
            {t('academics.attendance.register.holidays', {
              list: r.days
                .filter((d) => d.state === 'holiday')
                .map((d) => `${Number(d.date.slice(8))} ${d.holiday ?? ''}`)
                .join(', '),
            })}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" component="p">
          {t('academics.attendance.rule')}
        </Typography>
      </Box>
    </Stack>
  );
}
