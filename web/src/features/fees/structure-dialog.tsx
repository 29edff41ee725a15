import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { INSTALMENT_PLANS, type InstalmentPlan, instalmentsFor } from '@schooliko/common/fees/fees';
import { formatRupees, paiseFromRupees } from '@schooliko/common/fees/money';
import type { AcademicYear } from '@schooliko/common/people/classes';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { messageText } from '../forms/messages';
import { useSchoolClassesQuery } from '../people/people.api';
import { useAddFeeStructureMutation, useFeeHeadsQuery } from './fees.api';

/**
 * A class's fee structure for the year: a plan gives the instalments (due dates editable), and a
 * grid takes each fee type's amount per instalment in rupees (empty or 0: not in that instalment).
 */
export function StructureDialog({ year, onClose }: { year: AcademicYear; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: classes = [] } = useSchoolClassesQuery();
  const { data: heads = [] } = useFeeHeadsQuery();
  const active = heads.filter((h) => h.active);
  const [classId, setClassId] = useState('');
  const [plan, setPlan] = useState<InstalmentPlan>('quarterly');
  const [instalments, setInstalments] = useState(() => instalmentsFor('quarterly', year.starts_on));
  const [amounts, setAmounts] = useState<Record<string, string[]>>({});
  const [add, { isLoading }] = useAddFeeStructureMutation();
  const [error, setError] = useState<string | null>(null);

  const choosePlan = (p: InstalmentPlan) => {
    setPlan(p);
    setInstalments(instalmentsFor(p, year.starts_on));
    setAmounts({});
  };
  const cell = (headId: string, i: number) => amounts[headId]?.[i] ?? '';
  const setCell = (headId: string, i: number, value: string) =>
    setAmounts((a) => {
      const row = [...(a[headId] ?? instalments.map(() => ''))];
      row[i] = value;
      return { ...a, [headId]: row };
    });
  const paise = (text: string) => (text.trim() === '' ? 0 : paiseFromRupees(text));
  const bad = Object.values(amounts).some((row) => row.some((v) => paise(v) === null));
  const lines = active
    .map((h) => ({ head_id: h.id, amounts_paise: instalments.map((_, i) => paise(cell(h.id, i)) ?? 0) }))
    .filter((l) => l.amounts_paise.some((a) => a > 0));
  const total = lines.reduce((sum, l) => sum + l.amounts_paise.reduce((a, b) => a + b, 0), 0);

  const submit = async () => {
    setError(null);
    try {
      await add({
        academic_year_id: year.id,
        class_id: classId,
        student_category: '',
        plan,
        instalments,
        lines,
      }).unwrap();
      onClose();
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setError(messageText(t, failure.message, failure.coded));
    }
  };

  return (
    <Dialog open onClose={isLoading ? undefined : onClose} fullWidth maxWidth="lg">
      <DialogTitle>{t('fees.structures.addTitle', { year: year.name })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('fees.structures.class')}
              value={classId}
              onChange={(e) => setClassId(e.target.value)}
              sx={{ minWidth: 160 }}
              required
            >
              {classes.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label={t('fees.structures.plan')}
              value={plan}
              onChange={(e) => choosePlan(e.target.value as InstalmentPlan)}
              sx={{ minWidth: 160 }}
            >
              {INSTALMENT_PLANS.map((p) => (
                <MenuItem key={p} value={p}>
                  {t(`fees.plans.${p}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
          {active.length === 0 ? (
            <Alert severity="info">{t('fees.structures.noHeads')}</Alert>
          ) : (
            <div style={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={t('fees.structures.grid')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('fees.heads.name')}</TableCell>
                    {instalments.map((inst, i) => (
                      <TableCell key={inst.label} sx={{ minWidth: 120 }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {inst.label}
                        </Typography>
                        <TextField
                          type="date"
                          size="small"
                          value={inst.due_on}
                          aria-label={t('fees.structures.dueOf', { label: inst.label })}
                          onChange={(e) =>
                            setInstalments((list) =>
                              list.map((x, j) => (j === i ? { ...x, due_on: e.target.value } : x)),
                            )
                          }
                        />
                      </TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {active.map((h) => (
                    <TableRow key={h.id}>
                      <TableCell>{h.name}</TableCell>
                      {instalments.map((inst, i) => (
                        <TableCell key={inst.label}>
                          <TextField
                            size="small"
                            value={cell(h.id, i)}
                            onChange={(e) => setCell(h.id, i, e.target.value)}
                            error={paise(cell(h.id, i)) === null}
                            placeholder="0"
                            slotProps={{
                              htmlInput: { inputMode: 'decimal', 'aria-label': `${h.name} · ${inst.label}` },
                            }}
                          />
                        </TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
          <Typography sx={{ fontWeight: 700 }}>
            {t('fees.structures.totalYear', { amount: formatRupees(total) })}
          </Typography>
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          {t('people.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => void submit()}
          disabled={isLoading || !classId || bad || total === 0}
        >
          {t('fees.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
