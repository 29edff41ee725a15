import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  feeStructureInputSchema,
  INSTALMENT_PLANS,
  type InstalmentPlan,
  instalmentsFor,
} from '@schooliko/common/fees/fees';
import { formatRupees } from '@schooliko/common/fees/money';
import type { AcademicYear } from '@schooliko/common/people/classes';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RhfSelectField } from '../../kit/forms/form-fields';
import { SchemaFormDialog } from '../../kit/forms/schema-dialog';
import { FormAlert, useErrorsAt, useSchemaForm } from '../../kit/forms/schema-form';
import { RhfDateField, RhfMoneyField } from '../../kit/forms/typed-fields';
import { useSchoolClassesQuery } from '../people';
import { useAddFeeStructureMutation, useFeeHeadsQuery } from './fees.api';

/**
 * The dialog's fields: the class, the plan, its instalments, and each fee type's amounts by
 * instalment in paise (by the type's id; empty is none).
 */
type Values = {
  class_id: string;
  plan: InstalmentPlan;
  instalments: { label: string; due_on: string }[];
  amounts: Record<string, (number | null)[]>;
};

/** The structure's lines: the fee types with an amount (text that is not rupees stays, to be refused). */
const linesOf = (headIds: string[], { instalments, amounts }: Pick<Values, 'instalments' | 'amounts'>) =>
  headIds
    .map((head_id) => ({ head_id, amounts_paise: instalments.map((_, i) => amounts[head_id]?.[i] ?? 0) }))
    .filter((l) => l.amounts_paise.some((a) => a !== 0));

/**
 * A class's fee structure for the year: a plan gives the instalments (due dates editable), and a
 * grid takes each fee type's amount per instalment in rupees (empty or 0: not in that instalment).
 */
export function StructureDialog({ year, onClose }: { year: AcademicYear; onClose: () => void }) {
  const { t } = useTranslation();
  const { data: classes = [] } = useSchoolClassesQuery();
  const { data: heads = [] } = useFeeHeadsQuery();
  const active = heads.filter((h) => h.active);
  const headIds = active.map((h) => h.id);
  const [add] = useAddFeeStructureMutation();
  const { form, submit, alert } = useSchemaForm({
    schema: feeStructureInputSchema,
    defaultValues: {
      class_id: '',
      plan: 'quarterly',
      instalments: instalmentsFor('quarterly', year.starts_on),
      amounts: {},
    } as Values,
    toInput: (v: Values) => ({
      academic_year_id: year.id,
      class_id: v.class_id,
      student_category: '',
      plan: v.plan,
      instalments: v.instalments,
      lines: linesOf(headIds, v),
    }),
    // A line's amount is its fee type's cell.
    fieldOf: (path, values) =>
      path.replace(/^lines\.(\d+)\.amounts_paise\.(\d+)$/, (all, n: string, i: string) => {
        const line = linesOf(headIds, values)[Number(n)];
        return line ? `amounts.${line.head_id}.${i}` : all;
      }),
    fallback: t('lists.failed'),
    send: async (body) => {
      await add(body).unwrap();
      onClose();
    },
  });
  const _busy = form.formState.isSubmitting;
  const [classId, instalments, amounts] = useWatch({
    control: form.control,
    name: ['class_id', 'instalments', 'amounts'],
  });
  const lines = linesOf(headIds, { instalments, amounts });
  const bad = lines.some((l) => l.amounts_paise.some(Number.isNaN));
  const total = lines.reduce((sum, l) => sum + l.amounts_paise.reduce((a, b) => a + (b || 0), 0), 0);
  const loose = useErrorsAt(form.formState.errors)(
    'lines',
    'lines.root',
    ...lines.map((_l, n) => `lines.${n}`),
    'instalments',
    'instalments.root',
  );

  return (
    <SchemaFormDialog
      schemaForm={{ form, submit, alert }}
      title={t('fees.structures.addTitle', { year: year.name })}
      cancel={t('people.cancel')}
      onClose={onClose}
      action={t('fees.save')}
      disabled={!classId || bad || total === 0}
      maxWidth="lg"
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <RhfSelectField<Values>
          name="class_id"
          size="medium"
          fullWidth={false}
          label={t('fees.structures.class')}
          options={classes.map((c) => ({ value: c.id, label: c.name }))}
          sx={{ minWidth: 160 }}
          required
        />
        <RhfSelectField<Values>
          name="plan"
          size="medium"
          fullWidth={false}
          label={t('fees.structures.plan')}
          options={INSTALMENT_PLANS.map((p) => ({ value: p, label: t(`fees.plans.${p}`) }))}
          onValueChange={(p) => {
            form.setValue('instalments', instalmentsFor(p as InstalmentPlan, year.starts_on));
            form.setValue('amounts', {});
            form.clearErrors();
          }}
          sx={{ minWidth: 160 }}
        />
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
                    <RhfDateField<Values>
                      name={`instalments.${i}.due_on`}
                      fullWidth={false}
                      aria-label={t('fees.structures.dueOf', { label: inst.label })}
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
                      <RhfMoneyField<Values>
                        name={`amounts.${h.id}.${i}`}
                        fullWidth={false}
                        placeholder="0"
                        error={Number.isNaN(amounts[h.id]?.[i])}
                        slotProps={{ htmlInput: { 'aria-label': `${h.name} · ${inst.label}` } }}
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
      <FormAlert text={loose} />
    </SchemaFormDialog>
  );
}
