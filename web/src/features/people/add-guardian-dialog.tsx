import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { type Guardian, RELATIONS, type Relation } from '@schooliko/common/people/guardians';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { messageText } from '../forms/messages';
import { useDebounced } from '../lists/use-debounced';
import { useAddGuardianMutation, useGuardiansQuery, useLinkGuardianMutation } from './people.api';

type Fields = { name: string; phone: string; email: string };

/**
 * Adds a parent or guardian to a student: a new person (their record and the tie in one step),
 * or one already on record (a sibling's parent), found by name or phone. The relation is asked
 * for either way; whether they may collect the child and whether they are the first contact too.
 */
export default function AddGuardianDialog({
  studentId,
  studentName,
  onClose,
}: {
  studentId: string;
  studentName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<'new' | 'existing'>('new');
  const [fields, setFields] = useState<Fields>({ name: '', phone: '', email: '' });
  const [found, setFound] = useState<Guardian | null>(null);
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 300);
  const candidates = useGuardiansQuery(
    { search: term, limit: 10 },
    { skip: mode !== 'existing' || term.length < 2 },
  );
  const [relation, setRelation] = useState<Relation | ''>('');
  const [pickup, setPickup] = useState(true);
  const [primary, setPrimary] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [add, adding] = useAddGuardianMutation();
  const [link, linking] = useLinkGuardianMutation();
  const busy = adding.isLoading || linking.isLoading;

  const save = async () => {
    setError(null);
    setErrors({});
    if (!relation) return setErrors({ relation: t('people.addGuardianDialog.relationNeeded') });
    if (mode === 'existing' && !found) return setErrors({ guardian: t('people.addGuardianDialog.pickOne') });
    const tie = { relation, authorised_pickup: pickup, is_primary: primary };
    try {
      if (mode === 'existing' && found)
        await link({ studentId, body: { guardian_id: found.id, ...tie } }).unwrap();
      else
        await add({
          name: fields.name,
          phone: fields.phone,
          ...(fields.email ? { email: fields.email } : {}),
          student_id: studentId,
          ...tie,
        }).unwrap();
      onClose();
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      const shown = Object.fromEntries(
        Object.entries(failure.errors).map(([field, text]) => [
          field,
          messageText(t, text, failure.codes[field]),
        ]),
      );
      setErrors(shown);
      if (!Object.keys(shown).length) setError(messageText(t, failure.message, failure.coded));
    }
  };

  const field = (name: keyof Fields, options: { required?: boolean; inputMode?: 'tel' | 'email' } = {}) => (
    <TextField
      label={t(`people.fields.${name}`)}
      required={options.required}
      value={fields[name]}
      onChange={(e) => setFields((f) => ({ ...f, [name]: e.target.value }))}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      slotProps={{ htmlInput: { inputMode: options.inputMode } }}
      fullWidth
    />
  );

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('people.addGuardianDialog.title', { name: studentName })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={mode}
            onChange={(_e, v: 'new' | 'existing' | null) => v && setMode(v)}
            aria-label={t('people.addGuardianDialog.title', { name: studentName })}
          >
            <ToggleButton value="new">{t('people.addGuardianDialog.new')}</ToggleButton>
            <ToggleButton value="existing">{t('people.addGuardianDialog.existing')}</ToggleButton>
          </ToggleButtonGroup>
          {mode === 'new' ? (
            <>
              {field('name', { required: true })}
              {field('phone', { required: true, inputMode: 'tel' })}
              {field('email', { inputMode: 'email' })}
            </>
          ) : (
            <Autocomplete<Guardian>
              options={term.length < 2 ? [] : (candidates.data?.items ?? [])}
              loading={candidates.isFetching}
              value={found}
              onChange={(_e, v) => setFound(v)}
              onInputChange={(_e, v) => setSearch(v)}
              filterOptions={(x) => x}
              getOptionLabel={(g) => `${g.name} · ${g.phone}`}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              noOptionsText={
                term.length < 2
                  ? t('people.addGuardianDialog.typeToFind')
                  : t('people.addGuardianDialog.noneFound')
              }
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={t('people.addGuardianDialog.find')}
                  error={Boolean(errors.guardian || errors.guardian_id)}
                  helperText={errors.guardian ?? errors.guardian_id}
                />
              )}
            />
          )}
          <TextField
            select
            required
            label={t('people.fields.relation')}
            value={relation}
            onChange={(e) => setRelation(e.target.value as Relation)}
            error={Boolean(errors.relation)}
            helperText={errors.relation}
          >
            {RELATIONS.map((r) => (
              <MenuItem key={r} value={r}>
                {t(`people.relation.${r}`)}
              </MenuItem>
            ))}
          </TextField>
          <Stack>
            <FormControlLabel
              control={<Checkbox checked={pickup} onChange={(e) => setPickup(e.target.checked)} />}
              label={t('people.fields.authorised_pickup')}
            />
            <FormControlLabel
              control={<Checkbox checked={primary} onChange={(e) => setPrimary(e.target.checked)} />}
              label={t('people.addGuardianDialog.primary')}
            />
          </Stack>
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('people.cancel')}
        </Button>
        <Button variant="contained" onClick={() => void save()} disabled={busy}>
          {t('people.addGuardianDialog.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
