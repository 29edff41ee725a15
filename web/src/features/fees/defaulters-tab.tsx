import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { AGE_BUCKETS, type Defaulter, type DefaulterTotals } from '@schooliko/common/fees/dues';
import { formatRupees, paiseFromRupees } from '@schooliko/common/fees/money';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { ListScreen } from '../../kit/lists/list-screen';
import { SelectFilter } from '../../kit/lists/select-filter';
import { useSchoolClassesQuery, useSectionsQuery } from '../people';
import { BulkRemindButton } from './bulk-remind';
import { useDefaultersQuery, useFeeStructuresQuery } from './fees.api';

type Row = Defaulter & { id: string; name: string; amount: number };

/** The defaulter list (Dues tab): overdue balances by class, instalment and age, with totals. */
export function DefaultersTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mayRemind = useAppSelector((s) => s.auth.user?.permissions?.includes('fees:remind') ?? false);
  const [totals, setTotals] = useState<DefaulterTotals | null>(null);
  const classes = useSchoolClassesQuery().data ?? [];
  const sections = useSectionsQuery(undefined).data ?? [];
  const instalments = [
    ...new Set((useFeeStructuresQuery().data ?? []).flatMap((s) => s.instalments.map((i) => i.label))),
  ];

  const useList = (query: Record<string, string | number>) => {
    const list = useDefaultersQuery(query);
    const found = list.data?.totals ?? null;
    useEffect(() => setTotals(found), [found]);
    const data = useMemo(
      () =>
        list.data && {
          ...list.data,
          items: list.data.items.map((d) => ({
            ...d,
            id: d.student_id,
            name: d.student_name,
            amount: d.overdue_paise,
          })),
        },
      [list.data],
    );
    return { ...list, data };
  };

  const columns = useMemo<GridColDef<Row>[]>(
    () => [
      { field: 'name', headerName: t('fees.dues.student'), flex: 1, minWidth: 170 },
      { field: 'admission_no', headerName: t('fees.dues.admissionNo'), width: 120, sortable: false },
      { field: 'class_label', headerName: t('fees.dues.class'), width: 90, sortable: false },
      {
        field: 'instalments',
        headerName: t('fees.dues.instalments'),
        width: 160,
        sortable: false,
        valueGetter: (_v, row) => row.instalments.join(', '),
      },
      {
        field: 'age',
        headerName: t('fees.dues.daysOverdue'),
        width: 130,
        valueGetter: (_v, row) => t('fees.dues.days', { count: row.days_overdue }),
      },
      {
        field: 'amount',
        headerName: t('fees.dues.overdue'),
        width: 140,
        align: 'right',
        headerAlign: 'right',
        valueFormatter: (v: number) => formatRupees(v),
      },
    ],
    [t],
  );

  return (
    <>
      <Totals totals={totals} />
      <ListScreen<Row>
        title={t('fees.dues.defaulters')}
        useList={useList}
        columns={columns}
        card={{
          title: 'name',
          subtitle: ['admission_no', 'class_label'],
          facts: ['amount', 'age'],
        }}
        initialFilters={{}}
        exportPath="/fees/defaulters/export"
        exportName="dues"
        empty={<Typography color="text.secondary">{t('fees.dues.none')}</Typography>}
        onOpen={(row) => navigate(`/student/${row.id}`)}
        bulkActions={mayRemind ? (ids) => <BulkRemindButton ids={ids} /> : undefined}
        filters={(value, set) => (
          <>
            <SelectFilter
              label={t('fees.dues.class')}
              value={value.class_id}
              onChange={(v) => {
                set('class_id', v);
                set('section_id', '');
              }}
              options={classes.map((c) => ({ value: c.id, label: c.name }))}
            />
            <SelectFilter
              label={t('fees.dues.section')}
              value={value.section_id}
              onChange={(v) => set('section_id', v)}
              options={sections
                .filter((s) => !value.class_id || s.class_id === value.class_id)
                .map((s) => ({ value: s.id, label: s.label }))}
            />
            <SelectFilter
              label={t('fees.dues.instalment')}
              value={value.instalment}
              onChange={(v) => set('instalment', v)}
              options={instalments.map((i) => ({ value: i, label: i }))}
              minWidth={140}
            />
            <SelectFilter
              label={t('fees.dues.age')}
              value={value.age}
              onChange={(v) => set('age', v)}
              options={AGE_BUCKETS.map((b) => ({ value: b, label: t(`fees.dues.bucket.${b}`) }))}
              minWidth={160}
            />
            <MinAmount onChange={(paise) => set('min_paise', paise)} />
          </>
        )}
      />
    </>
  );
}

function MinAmount({ onChange }: { onChange: (paise: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const paise = paiseFromRupees(text);
  return (
    <TextField
      size="small"
      label={t('fees.dues.minAmount')}
      value={text}
      error={text !== '' && paise === null}
      onChange={(e) => setText(e.target.value)}
      onBlur={() => onChange(paise ? String(paise) : '')}
      onKeyDown={(e) => e.key === 'Enter' && onChange(paise ? String(paise) : '')}
      slotProps={{ htmlInput: { inputMode: 'decimal' } }}
      sx={{ width: 150 }}
    />
  );
}

/** What the filters match: students and amount overdue, and per age bucket. */
function Totals({ totals }: { totals: DefaulterTotals | null }) {
  const { t } = useTranslation();
  const cells = [
    { key: 'all', label: t('fees.dues.total'), students: totals?.students, paise: totals?.overdue_paise },
    ...AGE_BUCKETS.map((b) => ({
      key: b,
      label: t(`fees.dues.bucket.${b}`),
      students: totals?.buckets[b].students,
      paise: totals?.buckets[b].paise,
    })),
  ];
  return (
    <Box
      aria-label={t('fees.dues.totals')}
      role="region"
      sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' }, mb: 2 }}
    >
      {cells.map((c) => (
        <Paper
          key={c.key}
          variant="outlined"
          sx={{ p: 1.5, gridColumn: c.key === 'all' ? { xs: 'span 2', md: 'auto' } : undefined }}
        >
          <Typography variant="caption" color="text.secondary">
            {c.label}
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }} data-testid={`dues-total-${c.key}`}>
            {c.paise === undefined ? '—' : formatRupees(c.paise)}
          </Typography>
          <Typography variant="caption">{t('fees.dues.students', { count: c.students ?? 0 })}</Typography>
        </Paper>
      ))}
    </Box>
  );
}
