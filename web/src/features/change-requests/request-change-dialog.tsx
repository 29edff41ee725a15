import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  type ChangeRequestEntity,
  createChangeRequestSchema,
} from '@schooliko/common/people/change-requests';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { RhfTextField } from '../../kit/forms/form-fields';
import { messageText } from '../../kit/forms/messages';
import { FormAlert, SubmitButton, useSchemaForm } from '../../kit/forms/schema-form';
import { useRequestChangeMutation } from './change-requests.api';

/** The contact details a parent or student may ask the office to change (common/people/change-requests). */
export const ASKABLE_FIELDS: Record<ChangeRequestEntity, readonly string[]> = {
  student: ['address', 'city', 'state', 'pincode'],
  guardian: ['phone', 'email', 'address', 'occupation'],
};

type Values = { changes: Record<string, string>; note: string };

/**
 * A parent's or student's request to change a record's contact details: the fields as they are
 * now, to edit; only what changed is sent. Nothing changes until the office approves.
 */
export function RequestChangeDialog(props: {
  entity: ChangeRequestEntity;
  id: string;
  name: string;
  current: Record<string, string>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const fields = ASKABLE_FIELDS[props.entity];
  const [request, { isSuccess }] = useRequestChangeMutation();
  const { form, submit, alert } = useSchemaForm({
    schema: createChangeRequestSchema,
    defaultValues: {
      changes: Object.fromEntries(fields.map((f) => [f, props.current[f] ?? ''])),
      note: '',
    } satisfies Values,
    // Only what changed is sent.
    toInput: ({ changes, note }: Values) =>
      ({
        entity: props.entity,
        entity_id: props.id,
        changes: Object.fromEntries(
          fields.filter((f) => changes[f] !== (props.current[f] ?? '')).map((f) => [f, changes[f]]),
        ),
        note,
      }) as z.input<typeof createChangeRequestSchema>,
    fallback: t('lists.failed'),
    send: (body) => request(body).unwrap(),
  });
  const isLoading = form.formState.isSubmitting;
  // "Please change at least one field" belongs to no one field.
  const unchanged = (form.formState.errors.changes as { message?: string } | undefined)?.message;
  return (
    <Dialog open onClose={isLoading ? undefined : props.onClose} fullWidth maxWidth="sm">
      <FormProvider {...form}>
        <DialogTitle>{t('people.changeRequest.title', { name: props.name })}</DialogTitle>
        <DialogContent>
          {isSuccess ? (
            <Alert severity="success">{t('people.messages.changeRequests.created')}</Alert>
          ) : (
            <Stack spacing={2} sx={{ pt: 1 }}>
              <Typography variant="body2">{t('people.changeRequest.explain')}</Typography>
              {fields.map((f) => (
                <RhfTextField<Values>
                  key={f}
                  name={`changes.${f}`}
                  size="medium"
                  label={t(`people.fields.${f}`)}
                  multiline={f === 'address'}
                />
              ))}
              <RhfTextField<Values>
                name="note"
                size="medium"
                label={t('people.changeRequest.note')}
                multiline
                minRows={2}
              />
              <FormAlert text={alert ?? (unchanged ? messageText(t, unchanged) : null)} />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={isLoading}>
            {isSuccess ? t('people.close') : t('people.cancel')}
          </Button>
          {!isSuccess && (
            <SubmitButton onClick={(e) => void submit(e)}>{t('people.changeRequest.send')}</SubmitButton>
          )}
        </DialogActions>
      </FormProvider>
    </Dialog>
  );
}
