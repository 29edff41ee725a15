import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import {
  SUGGESTION_CATEGORIES,
  SUGGESTION_STATES,
  type Suggestion,
} from '@schooliko/common/desk/suggestions';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen } from '../lists/list-screen';
import { useAddSuggestionMutation, useSetSuggestionStateMutation, useSuggestionsQuery } from './desk.api';
import { ChoiceField, FormDialog, useCan, useFailure } from './desk-kit';

function SuggestForm() {
  const { t } = useTranslation();
  const [form, setForm] = useState({ category: 'facilities', text: '', anonymous: true });
  const [done, setDone] = useState(false);
  const [add, { isLoading, error }] = useAddSuggestionMutation();
  const failure = useFailure()(error);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Stack
        spacing={2}
        component="form"
        onSubmit={async (e) => {
          e.preventDefault();
          if ('data' in (await add(form as never))) {
            setDone(true);
            setForm({ ...form, text: '' });
          }
        }}
      >
        <Typography variant="h6" component="h1">
          {t('desk.suggestions.new')}
        </Typography>
        {done && <Alert severity="success">{t('desk.messages.suggestions.created')}</Alert>}
        {failure.message && <Alert severity="error">{failure.message}</Alert>}
        <ChoiceField
          label={t('desk.suggestions.field.category')}
          values={SUGGESTION_CATEGORIES}
          prefix="desk.suggestions.category"
          value={form.category}
          onChange={(e) => setForm({ ...form, category: e.target.value })}
        />
        <TextField
          label={t('desk.suggestions.field.text')}
          value={form.text}
          onChange={(e) => setForm({ ...form, text: e.target.value })}
          multiline
          minRows={3}
          required
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={form.anonymous}
              onChange={(e) => setForm({ ...form, anonymous: e.target.checked })}
            />
          }
          label={t('desk.suggestions.anonymous')}
        />
        <Typography variant="caption" color="text.secondary">
          {form.anonymous ? t('desk.suggestions.anonymousHint') : t('desk.suggestions.namedHint')}
        </Typography>
        <Stack direction="row">
          <Button type="submit" variant="contained" disabled={isLoading || !form.text.trim()}>
            {t('desk.suggestions.send')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

function StateDialog({ s, onClose }: { s: Suggestion; onClose: () => void }) {
  const { t } = useTranslation();
  const [state, setState] = useState<string>(s.state);
  const [save, { isLoading, error }] = useSetSuggestionStateMutation();
  const failure = useFailure()(error);
  return (
    <FormDialog
      open
      title={t(`desk.suggestions.category.${s.category}`)}
      submit={t('desk.save')}
      busy={isLoading}
      error={failure.message}
      onClose={onClose}
      onSubmit={async () => {
        if ('data' in (await save({ id: s.id, state }))) onClose();
      }}
    >
      <Typography>{s.text}</Typography>
      <ChoiceField
        label={t('desk.suggestions.field.state')}
        values={SUGGESTION_STATES}
        prefix="desk.suggestions.state"
        value={state}
        onChange={(e) => setState(e.target.value)}
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
