import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  FEE_CATEGORIES,
  type FeeHead,
  type FeeHeadInput,
  feeHeadInputSchema,
} from '@schooliko/common/fees/fees';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RhfSelectField, RhfTextField } from '../../kit/forms/form-fields';
import { SchemaFormDialog } from '../../kit/forms/schema-dialog';
import { useSchemaForm } from '../../kit/forms/schema-form';
import { RhfCheckField } from '../../kit/forms/typed-fields';
import { LoadFailed } from '../../kit/lists/load-failed';
import { useFeeHeadsQuery, useSaveFeeHeadMutation } from './fees.api';

const EMPTY: FeeHeadInput = {
  name: '',
  code: '',
  category: 'tuition',
  counts_80c: false,
  refundable: false,
  active: true,
};

/** Fee types (heads): what dues and receipt lines are for, with their 80C and refund flags. */
export function HeadsTab({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  const { data, isLoading, isError, refetch } = useFeeHeadsQuery();
  const [editing, setEditing] = useState<{ id?: string; values: FeeHeadInput } | null>(null);
  return (
    <Stack spacing={2}>
      {canWrite && (
        <Button
          variant="contained"
          startIcon={<Add />}
          sx={{ alignSelf: 'flex-start' }}
          onClick={() => setEditing({ values: EMPTY })}
        >
          {t('fees.heads.add')}
        </Button>
      )}
      {isLoading && <Skeleton variant="rectangular" height={160} />}
      {isError && <LoadFailed onRetry={() => refetch()} />}
      {data?.length === 0 && <Typography color="text.secondary">{t('fees.heads.empty')}</Typography>}
      {data && data.length > 0 && (
        <Table size="small" aria-label={t('fees.heads.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('fees.heads.name')}</TableCell>
              <TableCell>{t('fees.heads.code')}</TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {t('fees.heads.category')}
              </TableCell>
              <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                {t('fees.heads.flags')}
              </TableCell>
              {canWrite && <TableCell />}
            </TableRow>
          </TableHead>
          <TableBody>
            {data.map((h) => (
              <TableRow key={h.id} sx={{ opacity: h.active ? 1 : 0.6 }}>
                <TableCell>{h.name}</TableCell>
                <TableCell>{h.code}</TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  {t(`fees.categories.${h.category}`)}
                </TableCell>
                <TableCell sx={{ display: { xs: 'none', sm: 'table-cell' } }}>
                  <Stack direction="row" spacing={0.5}>
                    {h.counts_80c && <Chip size="small" label={t('fees.heads.is80c')} />}
                    {h.refundable && <Chip size="small" label={t('fees.heads.isRefundable')} />}
                    {!h.active && <Chip size="small" variant="outlined" label={t('fees.heads.inactive')} />}
                  </Stack>
                </TableCell>
                {canWrite && (
                  <TableCell align="right">
                    <Button size="small" onClick={() => setEditing({ id: h.id, values: valuesOf(h) })}>
                      {t('fees.heads.edit')}
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {editing && <HeadDialog id={editing.id} initial={editing.values} onClose={() => setEditing(null)} />}
    </Stack>
  );
}

const valuesOf = (h: FeeHead): FeeHeadInput => ({
  name: h.name,
  code: h.code,
  category: h.category,
  counts_80c: h.counts_80c,
  refundable: h.refundable,
  active: h.active,
});

function HeadDialog({ id, initial, onClose }: { id?: string; initial: FeeHeadInput; onClose: () => void }) {
  const { t } = useTranslation();
  const [save] = useSaveFeeHeadMutation();
  const { form, submit, alert } = useSchemaForm({
    schema: feeHeadInputSchema,
    defaultValues: initial,
    fallback: t('lists.failed'),
    send: async (body) => {
      await save({ id, body }).unwrap();
      onClose();
    },
  });
  const _busy = form.formState.isSubmitting;
  return (
    <SchemaFormDialog
      schemaForm={{ form, submit, alert }}
      title={id ? t('fees.heads.editTitle') : t('fees.heads.add')}
      cancel={t('people.cancel')}
      onClose={onClose}
      action={t('fees.save')}
      maxWidth="xs"
    >
      <RhfTextField<FeeHeadInput> name="name" size="medium" label={t('fees.heads.name')} required autoFocus />
      <RhfTextField<FeeHeadInput>
        name="code"
        size="medium"
        label={t('fees.heads.code')}
        clean={(raw) => raw.toUpperCase()}
        helperText={t('fees.heads.codeHint')}
        required
      />
      <RhfSelectField<FeeHeadInput>
        name="category"
        size="medium"
        label={t('fees.heads.category')}
        options={FEE_CATEGORIES.map((c) => ({ value: c, label: t(`fees.categories.${c}`) }))}
      />
      <RhfCheckField<FeeHeadInput> name="counts_80c" label={t('fees.heads.counts80c')} />
      <RhfCheckField<FeeHeadInput> name="refundable" label={t('fees.heads.refundable')} />
      {id && <RhfCheckField<FeeHeadInput> name="active" label={t('fees.heads.active')} />}
    </SchemaFormDialog>
  );
}
