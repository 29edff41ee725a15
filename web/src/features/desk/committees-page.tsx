import ArrowBack from '@mui/icons-material/ArrowBack';
import PersonAdd from '@mui/icons-material/PersonAddAlt1';
import PersonRemove from '@mui/icons-material/PersonRemoveOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COMPLAINT_MESSAGES, type Committee, committeeSchema } from '@schooliko/common/desk/complaints';
import { useState } from 'react';
import { FormProvider, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { ConfirmDialog } from '../../kit/forms/confirm-dialog';
import { useFailure } from '../../kit/forms/form-dialog';
import { useMessageText } from '../../kit/forms/messages';
import { FormAlert, SubmitButton, useSchemaForm } from '../../kit/forms/schema-form';
import { LoadFailed } from '../../kit/lists/load-failed';
import { toast } from '../../kit/toast/toast.slice';
import { useCommitteesQuery, useSaveCommitteeMutation } from './desk.api';
import { StaffSelect } from './staff-select';

type Member = { staff_id: string; name: string };

/** One committee: its members (each removed after a question), and a staff member to add. */
function CommitteeCard({ committee, members }: { committee: Committee; members: Member[] }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const dispatch = useAppDispatch();
  const [save, { isLoading, error, reset }] = useSaveCommitteeMutation();
  const failure = useFailure()(error);
  const [removing, setRemoving] = useState<Member | null>(null);
  const name = t(`desk.committees.name.${committee}`);
  const saved = () => dispatch(toast.success(text(COMPLAINT_MESSAGES.committeeSaved)));
  const ids = members.map((m) => m.staff_id);
  // Adding sends the committee's whole list, the new member last.
  const adder = useSchemaForm({
    schema: committeeSchema,
    defaultValues: { adding: '' },
    toInput: ({ adding }: { adding: string }) => ({ committee, staff_ids: [...ids, adding] }),
    fallback: 'error',
    send: async (body) => {
      await save(body).unwrap();
      saved();
      adder.form.reset({ adding: '' });
    },
  });
  const adding = useWatch({ control: adder.form.control, name: 'adding' });
  return (
    <Paper variant="outlined" component="section" aria-label={name} sx={{ p: 2 }}>
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(`desk.committees.about.${committee}`)}
        </Typography>
        {members.length === 0 ? (
          <Alert severity="warning">{t('desk.committees.empty')}</Alert>
        ) : (
          <List dense disablePadding aria-label={t('desk.committees.members', { committee: name })}>
            {members.map((m) => (
              <ListItem
                key={m.staff_id}
                divider
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t('desk.committees.remove', { name: m.name })}
                    onClick={() => {
                      reset();
                      adder.setAlert(null);
                      setRemoving(m);
                    }}
                    disabled={isLoading}
                  >
                    <PersonRemove />
                  </IconButton>
                }
              >
                <ListItemText primary={m.name} />
              </ListItem>
            ))}
          </List>
        )}
        <FormProvider {...adder.form}>
          <Stack
            component="form"
            noValidate
            onSubmit={adder.submit}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <StaffSelect name="adding" label={t('desk.committees.add')} exclude={ids} />
            <SubmitButton
              type="submit"
              startIcon={<PersonAdd />}
              disabled={!adding || isLoading}
              sx={{ flexShrink: 0, minHeight: 56 }}
            >
              {t('desk.committees.addButton')}
            </SubmitButton>
          </Stack>
        </FormProvider>
        {isLoading && <LinearProgress aria-label={t('desk.loading')} />}
        <FormAlert text={adder.alert} />
      </Stack>
      {removing && (
        <ConfirmDialog
          title={t('desk.committees.removeTitle', { name: removing.name, committee: name })}
          text={t('desk.committees.removeText', { name: removing.name, committee: name })}
          action={t('desk.committees.removeButton')}
          busy={isLoading}
          error={failure.message || null}
          onClose={() => setRemoving(null)}
          onConfirm={async () => {
            const kept = ids.filter((id) => id !== removing.staff_id);
            if ('data' in (await save({ committee, staff_ids: kept }))) {
              saved();
              setRemoving(null);
            }
          }}
        />
      )}
    </Paper>
  );
}

/**
 * /complaints/committees: who sits on the POCSO and POSH committees, the only people (with the
 * complainant) who see those complaints. Admins add and remove members; each change is recorded
 * in the staff member's history.
 */
export default function CommitteesPage() {
  const { t } = useTranslation();
  const committees = useCommitteesQuery();
  return (
    <Stack spacing={2} sx={{ maxWidth: 760 }}>
      <Button
        component={RouterLink}
        to="/complaints"
        startIcon={<ArrowBack />}
        sx={{ alignSelf: 'flex-start' }}
      >
        {t('desk.complaints.title')}
      </Button>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('desk.committees.title')}
      </Typography>
      <Typography color="text.secondary">{t('desk.committees.intro')}</Typography>
      {committees.isError ? (
        <LoadFailed onRetry={() => committees.refetch()} />
      ) : !committees.data ? (
        <LinearProgress aria-label={t('desk.loading')} />
      ) : (
        committees.data.items.map((c) => (
          <CommitteeCard key={c.committee} committee={c.committee} members={c.members} />
        ))
      )}
    </Stack>
  );
}
