import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import {
  SUGGESTION_CATEGORIES,
  SUGGESTION_STATES,
  type Suggestion,
  suggestionInputSchema,
  suggestionStateSchema,
} from '@schooliko/common/desk/suggestions';
import { useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog, RhfChoiceField, useCan } from '../../kit/forms/form-dialog';
import { RhfTextField } from '../../kit/forms/form-fields';
import { FormAlert, SubmitButton, useSchemaForm } from '../../kit/forms/schema-form';
import { RhfCheckField } from '../../kit/forms/typed-fields';
import { ListScreen } from '../../kit/lists/list-screen';
import { useAddSuggestionMutation, useSetSuggestionStateMutation, useSuggestionsQuery } from './desk.api';

type SuggestValues = { category: (typeof SUGGESTION_CATEGORIES)[number]; text: string; anonymous: boolean };

function SuggestForm() {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  const [add] = useAddSuggestionMutation();
  const { form, submit, alert } = useSchemaForm({
    schema: suggestionInputSchema,
    defaultValues: { category: 'facilities', text: '', anonymous: true } satisfies SuggestValues,
    fallback: 'error',
    send: async (body) => {
      await add(body).unwrap();
      setDone(true);
      form.setValue('text', '');
    },
  });
  const [text, anonymous] = useWatch({ control: form.control, name: ['text', 'anonymous'] });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <FormProvider {...form}>
        <Stack spacing={2} component="form" noValidate onSubmit={submit}>
          <Typography variant="h6" component="h1">
            {t('desk.suggestions.new')}
          </Typography>
          {done && <Alert severity="success">{t('desk.messages.suggestions.created')}</Alert>}
          <FormAlert text={alert} />
          <RhfChoiceField<SuggestValues>
            name="category"
            label={t('desk.suggestions.field.category')}
            values={SUGGESTION_CATEGORIES}
            prefix="desk.suggestions.category"
          />
          <RhfTextField<SuggestValues>
            name="text"
            size="medium"
            label={t('desk.suggestions.field.text')}
            multiline
            minRows={3}
            required
          />
          <RhfCheckField<SuggestValues> name="anonymous" label={t('desk.suggestions.anonymous')} />
          <Typography variant="caption" color="text.secondary">
            {anonymous ? t('desk.suggestions.anonymousHint') : t('desk.suggestions.namedHint')}
          </Typography>
          <Stack direction="row">
            <SubmitButton type="submit" disabled={!text.trim()}>
              {t('desk.suggestions.send')}
            </SubmitButton>
          </Stack>
        </Stack>
      </FormProvider>
    </Paper>
  );
}

type StateValues = { state: (typeof SUGGESTION_STATES)[number] };

function StateDialog({ s, onClose }: { s: Suggestion; onClose: () => void }) {
  const { t } = useTranslation();
  const [save] = useSetSuggestionStateMutation();
  const schemaForm = useSchemaForm({
    schema: suggestionStateSchema,
    defaultValues: { state: s.state } satisfies StateValues,
    fallback: 'error',
    send: async ({ state }) => {
      await save({ id: s.id, state }).unwrap();
      onClose();
    },
  });
  return (
    <FormDialog
      open
      title={t(`desk.suggestions.category.${s.category}`)}
      submit={t('desk.save')}
      form={schemaForm}
      onClose={onClose}
    >
      <Typography>{s.text}</Typography>
      <RhfChoiceField<StateValues>
        name="state"
        label={t('desk.suggestions.field.state')}
        values={SUGGESTION_STATES}
        prefix="desk.suggestions.state"
      />
    </FormDialog>
  );
}

/** /suggestions: anyone signed in suggests (named or anonymously); the office reads them. */
export default function SuggestionsPage() {
  const { t } = useTranslation();
  const reads = useCan('suggestions:read');
  const files = useCan('suggestions:create');
  const [open, setOpen] = useState<Suggestion | null>(null);
  const columns: GridColDef<Suggestion>[] = [
    { field: 'created_on', headerName: t('desk.suggestions.field.created_on'), width: 110, sortable: false },
    {
      field: 'category',
      headerName: t('desk.suggestions.field.category'),
      width: 130,
      sortable: false,
      valueFormatter: (v: string) => t(`desk.suggestions.category.${v}`),
    },
    { field: 'text', headerName: t('desk.suggestions.field.text'), flex: 1, minWidth: 200, sortable: false },
    {
      field: 'sender_name',
      headerName: t('desk.suggestions.field.sender'),
      width: 150,
      sortable: false,
      valueFormatter: (v: string | null) => v ?? t('desk.suggestions.anonymousSender'),
    },
    {
      field: 'state',
      headerName: t('desk.suggestions.field.state'),
      width: 130,
      sortable: false,
      renderCell: (p) => <Chip size="small" label={t(`desk.suggestions.state.${p.value}`)} />,
    },
  ];
  return (
    <Stack spacing={2}>
      {files && <SuggestForm />}
      {reads && (
        <ListScreen<Suggestion>
          title={t('desk.suggestions.title')}
          useList={useSuggestionsQuery}
          columns={columns}
          phoneColumns={['category', 'text']}
          exportName="suggestions"
          empty={<Typography>{t('desk.suggestions.empty')}</Typography>}
          onOpen={(row) => setOpen(row)}
        />
      )}
      {open && <StateDialog s={open} onClose={() => setOpen(null)} />}
    </Stack>
  );
}
