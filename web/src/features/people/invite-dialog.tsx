import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  INVITE_DAYS,
  type InvitationResult,
  type InviteKind,
  inviteSchema,
} from '@schooliko/common/people/invitations';
import { useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { RhfTextField } from '../../kit/forms/form-fields';
import { messageText } from '../../kit/forms/messages';
import { FormAlert, SubmitButton, useSchemaForm } from '../../kit/forms/schema-form';
import { useInviteMutation } from './people.api';

/**
 * Invite records to sign in (one from its profile, many from a list's selection): a confirmation
 * that says what will happen, then who was invited and who was skipped, with why. A student's
 * record holds no email, so inviting one asks for it.
 */
export function InviteDialog(props: {
  kind: InviteKind;
  ids: string[];
  askEmail?: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [invite] = useInviteMutation();
  const [result, setResult] = useState<InvitationResult | null>(null);
  const { form, submit, alert } = useSchemaForm({
    schema: inviteSchema,
    defaultValues: { email: '' },
    toInput: ({ email }: { email: string }) => ({ ids: props.ids, email: email.trim() || undefined }),
    fallback: t('lists.failed'),
    send: async (body) => setResult(await invite({ kind: props.kind, ...body }).unwrap()),
  });
  const isLoading = form.formState.isSubmitting;
  const email = useWatch({ control: form.control, name: 'email' });
  return (
    <Dialog open onClose={isLoading ? undefined : props.onClose} fullWidth maxWidth="sm">
      <FormProvider {...form}>
        <DialogTitle>{t('people.invite.title', { count: props.ids.length })}</DialogTitle>
        <DialogContent>
          {result ? (
            <Stack spacing={1}>
              <Alert severity={result.invited.length > 0 ? 'success' : 'info'}>
                {t('people.invite.sent', { count: result.invited.length })}
              </Alert>
              {result.skipped.length > 0 && (
                <>
                  <Typography variant="subtitle2">
                    {t('people.invite.skipped', { count: result.skipped.length })}
                  </Typography>
                  <List dense aria-label={t('people.invite.skippedList')}>
                    {result.skipped.map((s) => (
                      <ListItem key={s.id} disableGutters>
                        <ListItemText
                          primary={s.name || '—'}
                          secondary={messageText(t, s.message, { code: s.code })}
                        />
                      </ListItem>
                    ))}
                  </List>
                </>
              )}
            </Stack>
          ) : (
            <Stack spacing={2}>
              <Typography>{t('people.invite.explain', { days: INVITE_DAYS })}</Typography>
              {props.askEmail && (
                <RhfTextField
                  name="email"
                  size="medium"
                  label={t('people.fields.email')}
                  type="email"
                  helperText=" "
                  required
                />
              )}
              <FormAlert text={alert} />
            </Stack>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={props.onClose} disabled={isLoading}>
            {result ? t('people.close') : t('people.cancel')}
          </Button>
          {!result && (
            <SubmitButton onClick={(e) => void submit(e)} disabled={props.askEmail && !email.trim()}>
              {t('people.invite.send', { count: props.ids.length })}
            </SubmitButton>
          )}
        </DialogActions>
      </FormProvider>
    </Dialog>
  );
}

/**
 * "Invite to sign in" for one record (its profile) or many (a list's selection); once the record
 * signs in, a "Signs in" chip instead. The dialog stays open over that change.
 */
export function InviteButton(props: {
  kind: InviteKind;
  ids: string[];
  askEmail?: boolean;
  hasAccount?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      {props.hasAccount ? (
        <Chip size="small" variant="outlined" label={t('people.invite.signsIn')} />
      ) : (
        <Button variant="outlined" size="small" onClick={() => setOpen(true)}>
          {t('people.invite.action')}
        </Button>
      )}
      {open && (
        <InviteDialog
          kind={props.kind}
          ids={props.ids}
          askEmail={props.askEmail}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
