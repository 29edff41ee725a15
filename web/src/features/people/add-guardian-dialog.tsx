import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import {
  createGuardianSchema,
  type Guardian,
  linkGuardianSchema,
  RELATIONS,
  type Relation,
} from '@schooliko/common/people/guardians';
import { useState } from 'react';
import { Controller, FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RhfSelectField, RhfTextField } from '../../kit/forms/form-fields';
import { fieldErrorText } from '../../kit/forms/messages';
import { FormAlert, SubmitButton, useSchemaForm } from '../../kit/forms/schema-form';
import { RhfCheckField } from '../../kit/forms/typed-fields';
import { useDebounced } from '../../kit/lists/use-debounced';
import { useAddGuardianMutation, useGuardiansQuery, useLinkGuardianMutation } from './people.api';

type Values = {
  name: string;
  phone: string;
  email: string;
  /** The one already on record ('' until one is chosen). */
  guardian_id: string;
  relation: Relation | '';
  authorised_pickup: boolean;
  is_primary: boolean;
};
const EMPTY: Values = {
  name: '',
  phone: '',
  email: '',
  guardian_id: '',
  relation: '',
  authorised_pickup: true,
  is_primary: false,
};

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
  const [found, setFound] = useState<Guardian | null>(null);
  const [search, setSearch] = useState('');
  const term = useDebounced(search.trim(), 300);
  const candidates = useGuardiansQuery(
    { search: term, limit: 10 },
    { skip: mode !== 'existing' || term.length < 2 },
  );
  const [add] = useAddGuardianMutation();
  const [link] = useLinkGuardianMutation();
  // A new person is added and tied in one step; one on record is tied.
  const adding = mode === 'new';
  const { form, submit, alert } = useSchemaForm({
    schema: adding ? createGuardianSchema : linkGuardianSchema,
    defaultValues: EMPTY,
    toInput: ({ name, phone, email, guardian_id, relation, ...tie }: Values) =>
      adding
        ? {
            name,
            phone,
            ...(email ? { email } : {}),
            student_id: studentId,
            relation: relation || undefined,
            ...tie,
          }
        : // An empty relation is refused as the server would: Please choose the relation.
          { guardian_id, relation: relation as Relation, ...tie },
    fallback: t('lists.failed'),
    send: async (body) => {
      if ('guardian_id' in body) await link({ studentId, body }).unwrap();
      else await add(body).unwrap();
      onClose();
    },
  });
  const busy = form.formState.isSubmitting;

  const field = (name: 'name' | 'phone' | 'email', inputMode?: 'tel' | 'email') => (
    <RhfTextField<Values>
      name={name}
      size="medium"
      label={t(`people.fields.${name}`)}
      required={name !== 'email'}
      slotProps={{ htmlInput: { inputMode } }}
    />
  );

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm">
      <FormProvider {...form}>
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
            {adding ? (
              <>
                {field('name')}
                {field('phone', 'tel')}
                {field('email', 'email')}
              </>
            ) : (
              <Controller
                name="guardian_id"
                control={form.control}
                render={({ field: picked, fieldState }) => (
                  <Autocomplete<Guardian>
                    options={term.length < 2 ? [] : (candidates.data?.items ?? [])}
                    loading={candidates.isFetching}
                    value={found}
                    onChange={(_e, v) => {
                      setFound(v);
                      picked.onChange(v?.id ?? '');
                      form.clearErrors('guardian_id');
                    }}
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
                        error={Boolean(fieldState.error)}
                        helperText={fieldErrorText(t, fieldState.error)}
                      />
                    )}
                  />
                )}
              />
            )}
            <RhfSelectField<Values>
              name="relation"
              size="medium"
              required
              label={t('people.fields.relation')}
              options={RELATIONS.map((r) => ({ value: r, label: t(`people.relation.${r}`) }))}
            />
            <Stack>
              <RhfCheckField<Values> name="authorised_pickup" label={t('people.fields.authorised_pickup')} />
              <RhfCheckField<Values> name="is_primary" label={t('people.addGuardianDialog.primary')} />
            </Stack>
            <FormAlert text={alert} />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            {t('people.cancel')}
          </Button>
          <SubmitButton onClick={(e) => void submit(e)}>{t('people.addGuardianDialog.save')}</SubmitButton>
        </DialogActions>
      </FormProvider>
    </Dialog>
  );
}
