import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Exam } from '@schooliko/common/academics/exams';
import { useTranslation } from 'react-i18next';

/** The exam select of the exams page's tabs: each exam by name, then its term (or what `describe` says). */
export function ExamPicker({
  exams,
  value,
  onChange,
  describe = (e) => e.term_name,
}: {
  exams: readonly Exam[];
  value: string;
  onChange: (id: string) => void;
  describe?: (exam: Exam) => string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      select
      size="small"
      label={t('academics.exams.pickExam')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth: 220 }}
    >
      {exams.map((e) => (
        <MenuItem key={e.id} value={e.id}>
          {`${e.name} · ${describe(e)}`}
        </MenuItem>
      ))}
    </TextField>
  );
}
