import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GradingScale } from '@schooliko/common/academics/exams';
import {
  CBSE_SCALE,
  CBSE_SCALE_NAME,
  CO_SCHOLASTIC_SCALE,
  CO_SCHOLASTIC_SCALE_NAME,
} from '@schooliko/common/academics/grading';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../kit/lists/load-failed';
import { useAddScaleMutation, useScalesQuery } from './exams.api';
import { ScaleDialog } from './scale-dialog';

/**
 * The exams' settings (the Grading scales tab): the institute's scales with their bands; the exam
 * cell adds CBSE's two when missing, adds its own scholastic scales and changes them.
 */
export function ScalesPanel({ canConfigure }: { canConfigure: boolean }) {
  const { t } = useTranslation();
  const { data: scales = [], isLoading, isError, refetch } = useScalesQuery();
  const [add, adding] = useAddScaleMutation();
  // null: a new scale; a scale: that one.
  const [editing, setEditing] = useState<GradingScale | null | undefined>(undefined);
  const offers = [
    { name: CBSE_SCALE_NAME, kind: 'scholastic' as const, bands: [...CBSE_SCALE] },
    { name: CO_SCHOLASTIC_SCALE_NAME, kind: 'co_scholastic' as const, bands: [...CO_SCHOLASTIC_SCALE] },
  ].filter((o) => !scales.some((s) => s.name === o.name));
  if (isLoading) return <Skeleton variant="rounded" height={200} />;
  if (isError) return <LoadFailed onRetry={refetch} />;
  return (
    <Stack spacing={1.5}>
      {!scales.length && <Alert severity="info">{t('academics.exams.scales.empty')}</Alert>}
      {scales.map((s) => (
        <Paper key={s.id} variant="outlined" sx={{ p: 2 }} aria-label={s.name} component="section">
          <Stack direction="row" sx={{ alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, mr: 'auto' }}>
              {s.name}
            </Typography>
            {s.grades_published && (
              <Chip
                size="small"
                label={t('academics.exams.scales.published')}
                color="success"
                variant="outlined"
              />
            )}
            {canConfigure && s.kind === 'scholastic' && (
              <Button size="small" startIcon={<Edit />} onClick={() => setEditing(s)}>
                {t('academics.exams.scales.edit')}
              </Button>
            )}
          </Stack>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1 }}>
            {s.bands.map((b) => (
              <Chip
                key={b.grade}
                variant="outlined"
                label={
                  s.kind === 'scholastic'
                    ? `${b.grade} ${b.min}–${b.max} · ${b.remark}`
                    : `${b.grade} · ${b.remark}`
                }
              />
            ))}
          </Stack>
        </Paper>
      ))}
      <Typography variant="body2" color="text.secondary">
        {t('academics.exams.scales.rounding')}
      </Typography>
      {canConfigure && (
        <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
          {offers.map((o) => (
            <Button key={o.name} variant="outlined" disabled={adding.isLoading} onClick={() => void add(o)}>
              {t('academics.exams.scales.add', { name: o.name })}
            </Button>
          ))}
          <Button variant="contained" startIcon={<Add />} onClick={() => setEditing(null)}>
            {t('academics.exams.scales.new')}
          </Button>
        </Stack>
      )}
      {editing !== undefined && <ScaleDialog scale={editing} onClose={() => setEditing(undefined)} />}
    </Stack>
  );
}
