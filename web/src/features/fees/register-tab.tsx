import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { REGISTER_BASES, type RegisterEntry } from '@schooliko/common/fees/concessions';
import { formatRupees } from '@schooliko/common/fees/money';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ListScreen } from '../../kit/lists/list-screen';
import { SelectFilter } from '../../kit/lists/select-filter';
import { formatDate, useSchoolClassesQuery } from '../people';
import { useConcessionRegisterQuery } from './exam-fees.api';
import { useFeeHeadsQuery } from './fees.api';

/** The concession register (Dues tab): every amount set aside, by class, basis and fee type, with the total. */
export function RegisterTab() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [total, setTotal] = useState<number | null>(null);
  const classes = useSchoolClassesQuery().data ?? [];
  const heads = useFeeHeadsQuery().data ?? [];
  const useList = (query: Record<string, string | number>) => {
    const list = useConcessionRegisterQuery(query);
    const found = list.data?.total_paise ?? null;
    useEffect(() => setTotal(found), [found]);
    return list;
  };
  const columns = useMemo<GridColDef<RegisterEntry>[]>(
    () => [
      {
        field: 'applied_at',
        headerName: t('fees.register.on'),
        width: 110,
        sortable: false,
        valueFormatter: (v: string) => formatDate(v.slice(0, 10), i18n.language),
      },
      { field: 'student_name', headerName: t('fees.dues.student'), flex: 1, minWidth: 160, sortable: false },
      { field: 'class_label', headerName: t('fees.dues.class'), width: 90, sortable: false },
      { field: 'head_name', headerName: t('fees.counter.head'), width: 150, sortable: false },
      { field: 'instalment', headerName: t('fees.dues.instalment'), width: 130, sortable: false },
      {
        field: 'basis',
        headerName: t('fees.concessions.basis'),
        width: 140,
        sortable: false,
        valueFormatter: (v: string) => t(`fees.register.bases.${v}`),
      },
      {
        field: 'amount_paise',
        headerName: t('fees.counter.amount'),
        width: 120,
        align: 'right',
        headerAlign: 'right',
        sortable: false,
        valueFormatter: (v: number) => formatRupees(v),
      },
      { field: 'proposed_by', headerName: t('fees.register.proposedBy'), width: 150, sortable: false },
      { field: 'approved_by', headerName: t('fees.register.approvedBy'), width: 150, sortable: false },
      { field: 'applied_by', headerName: t('fees.register.by'), width: 150, sortable: false },
    ],
    [t, i18n.language],
  );
  return (
    <>
      <Paper variant="outlined" sx={{ p: 1.5, mb: 2 }} role="region" aria-label={t('fees.register.total')}>
        <Typography variant="caption" color="text.secondary">
          {t('fees.register.total')}
        </Typography>
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }} data-testid="register-total">
          {total === null ? '—' : formatRupees(total)}
        </Typography>
      </Paper>
      <ListScreen<RegisterEntry>
        title={t('fees.register.title')}
        useList={useList}
        columns={columns}
        phoneColumns={['student_name', 'amount_paise']}
        initialFilters={{}}
        exportPath="/fees/concessions/register/export"
        exportName="concession-register"
        empty={<Typography color="text.secondary">{t('fees.register.empty')}</Typography>}
        onOpen={(row) => navigate(`/student/${row.student_id}`)}
        filters={(value, set) => (
          <>
            <SelectFilter
              label={t('fees.dues.class')}
              value={value.class_id}
              onChange={(v) => set('class_id', v)}
              options={classes.map((c) => ({ value: c.id, label: c.name }))}
            />
            <SelectFilter
              label={t('fees.concessions.basis')}
              value={value.basis}
              onChange={(v) => set('basis', v)}
              options={REGISTER_BASES.map((b) => ({ value: b, label: t(`fees.register.bases.${b}`) }))}
              minWidth={150}
            />
            <SelectFilter
              label={t('fees.counter.head')}
              value={value.head_id}
              onChange={(v) => set('head_id', v)}
              options={heads.map((h) => ({ value: h.id, label: h.name }))}
              minWidth={150}
            />
          </>
        )}
      />
    </>
  );
}
