import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FEE_CATEGORIES, type FeeHead, type FeeHeadInput } from '@schooliko/common/fees/fees';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { messageText } from '../forms/messages';
import { LoadFailed } from '../lists/load-failed';
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
  const [values, setValues] = useState(initial);
  const [save, { isLoading }] = useSaveFeeHeadMutation();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof FeeHeadInput>(key: K, value: FeeHeadInput[K]) =>
    setValues((v) => ({ ...v, [key]: value }));
  const submit = async () => {
    setError(null);
    setFieldErrors({});
    try {
      await save({ id, body: values }).unwrap();
      onClose();
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setError(messageText(t, failure.message, failure.coded));
      setFieldErrors(
        Object.fromEntries(
          Object.entries(failure.errors ?? {}).map(([k, text]) => [
            k,
            messageText(t, text, failure.codes?.[k]),
          ]),
        ),
      );
    }
  };
  return (
    <Dialog open onClose={isLoading ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>{id ? t('fees.heads.editTitle') : t('fees.heads.add')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('fees.heads.name')}
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            error={!!fieldErrors.name}
            helperText={fieldErrors.name}
            required
            autoFocus
          />
          <TextField
            label={t('fees.heads.code')}
            value={values.code}
            onChange={(e) => set('code', e.target.value.toUpperCase())}
            error={!!fieldErrors.code}
            helperText={fieldErrors.code || t('fees.heads.codeHint')}
            required
          />
          <TextField
            select
            label={t('fees.heads.category')}
            value={values.category}
            onChange={(e) => set('category', e.target.value as FeeHeadInput['category'])}
          >
            {FEE_CATEGORIES.map((c) => (
              <MenuItem key={c} value={c}>
                {t(`fees.categories.${c}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Checkbox checked={values.counts_80c} onChange={(e) => set('counts_80c', e.target.checked)} />
            }
            label={t('fees.heads.counts80c')}
          />
          <FormControlLabel
            control={
              <Checkbox checked={values.refundable} onChange={(e) => set('refundable', e.target.checked)} />
            }
            label={t('fees.heads.refundable')}
          />
          {id && (
            <FormControlLabel
              control={<Checkbox checked={values.active} onChange={(e) => set('active', e.target.checked)} />}
              label={t('fees.heads.active')}
            />
          )}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isLoading}>
          {t('people.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void submit()} disabled={isLoading}>
          {t('fees.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
