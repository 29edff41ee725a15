import PersonAdd from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type Guardian, updateGuardianSchema } from '@schooliko/common/people/guardians';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import { ConfirmDialog } from '../../kit/forms/confirm-dialog';
import { RhfTextField } from '../../kit/forms/form-fields';
import { messageText } from '../../kit/forms/messages';
import { SubmitButton, useSchemaForm } from '../../kit/forms/schema-form';
import { RequestChangeDialog } from '../change-requests';
import AddGuardianDialog from './add-guardian-dialog';
import { InviteButton } from './invite-dialog';
import { useGuardiansQuery, useUnlinkGuardianMutation, useUpdateGuardianMutation } from './people.api';

function GuardianCard({
  guardian,
  studentId,
  studentName,
  canEdit,
  canInvite,
  canAsk,
}: {
  guardian: Guardian;
  studentId: string;
  studentName: string;
  canEdit: boolean;
  canInvite: boolean;
  canAsk: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState(false);
  const [removing, setRemoving] = useState(false);
  const link = guardian.children.find((c) => c.student_id === studentId);
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-label={guardian.name}>
      <Typography sx={{ fontWeight: 700 }}>{guardian.name}</Typography>
      <Typography variant="body2" color="text.secondary">
        {link ? t(`people.relation.${link.relation}`, { defaultValue: link.relation }) : ''}
        {link?.authorised_pickup ? ` · ${t('people.fields.authorised_pickup')}` : ''}
      </Typography>
      {editing ? (
        <PhoneForm guardian={guardian} onClose={() => setEditing(false)} />
      ) : (
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body2">
            {t('people.fields.phone')}: {guardian.phone}
          </Typography>
          {canEdit && (
            <Button
              size="small"
              onClick={() => setEditing(true)}
              aria-label={`${t('people.editPhone')} ${guardian.name}`}
            >
              {t('people.editPhone')}
            </Button>
          )}
          {canEdit && (
            <Button
              size="small"
              color="warning"
              onClick={() => setRemoving(true)}
              aria-label={`${t('people.addGuardianDialog.remove')} ${guardian.name}`}
            >
              {t('people.addGuardianDialog.remove')}
            </Button>
          )}
          {guardian.is_you && canAsk && (
            <Button size="small" onClick={() => setAsking(true)}>
              {t('people.changeRequest.action')}
            </Button>
          )}
          {(guardian.has_account || canInvite) && (
            <InviteButton kind="guardians" ids={[guardian.id]} hasAccount={guardian.has_account} />
          )}
        </Stack>
      )}
      {removing && (
        <RemoveTieDialog
          guardian={guardian}
          studentId={studentId}
          studentName={studentName}
          onClose={() => setRemoving(false)}
        />
      )}
      {asking && (
        <RequestChangeDialog
          entity="guardian"
          id={guardian.id}
          name={guardian.name}
          current={{
            phone: guardian.phone,
            email: guardian.email,
            address: guardian.address,
            occupation: guardian.occupation,
          }}
          onClose={() => setAsking(false)}
        />
      )}
    </Paper>
  );
}

/** A guardian's phone, edited in place; a refused number is said beside the box. */
function PhoneForm({ guardian, onClose }: { guardian: Guardian; onClose: () => void }) {
  const { t } = useTranslation();
  const [update] = useUpdateGuardianMutation();
  const { form, submit, alert } = useSchemaForm({
    schema: updateGuardianSchema,
    defaultValues: { phone: guardian.phone },
    fallback: t('lists.failed'),
    send: async (body) => {
      await update({ id: guardian.id, body }).unwrap();
      onClose();
    },
  });
  return (
    <FormProvider {...form}>
      <Stack
        component="form"
        noValidate
        onSubmit={submit}
        direction="row"
        spacing={1}
        sx={{ mt: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
      >
        <RhfTextField
          name="phone"
          fullWidth={false}
          label={t('people.fields.phone')}
          helperText={alert ?? ' '}
          error={Boolean(alert)}
          slotProps={{ htmlInput: { inputMode: 'tel' } }}
        />
        <SubmitButton type="submit">{t('people.save')}</SubmitButton>
        <Button onClick={onClose}>{t('people.cancel')}</Button>
      </Stack>
    </FormProvider>
  );
}

/**
 * The student's parents and guardians, each with their relation and phone (editable by staff), and
 * for staff the way to add one (new, or already on record for a sibling) or end a tie.
 */
export function GuardiansTab({ studentId, studentName }: { studentId: string; studentName: string }) {
  const { t } = useTranslation();
  const permissions = useAppSelector((s) => s.auth.user?.permissions ?? []);
  const canEdit = permissions.includes('guardians:write');
  const [adding, setAdding] = useState(false);
  const { data, isError } = useGuardiansQuery({ student_id: studentId, limit: 20 });
  if (isError) return <Alert severity="error">{t('lists.failed')}</Alert>;
  if (!data) return null;
  return (
    <Stack spacing={2}>
      {!data.items.length && <Typography>{t('people.noGuardiansLinked')}</Typography>}
      {data.items.map((g) => (
        <GuardianCard
          key={g.id}
          guardian={g}
          studentId={studentId}
          studentName={studentName}
          canEdit={canEdit}
          canInvite={permissions.includes('people:invite')}
          canAsk={permissions.includes('change-requests:create')}
        />
      ))}
      {canEdit && (
        <Button
          variant="outlined"
          startIcon={<PersonAdd />}
          onClick={() => setAdding(true)}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('people.addGuardianDialog.add')}
        </Button>
      )}
      {adding && (
        <AddGuardianDialog studentId={studentId} studentName={studentName} onClose={() => setAdding(false)} />
      )}
    </Stack>
  );
}

/** Ends a guardian's tie to the student, asked for and confirmed; the guardian's record stays. */
function RemoveTieDialog({
  guardian,
  studentId,
  studentName,
  onClose,
}: {
  guardian: Guardian;
  studentId: string;
  studentName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [unlink, { isLoading }] = useUnlinkGuardianMutation();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    try {
      await unlink({ studentId, guardianId: guardian.id }).unwrap();
      onClose();
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setError(messageText(t, failure.message, failure.coded));
    }
  };
  return (
    <ConfirmDialog
      title={t('people.addGuardianDialog.removeTitle', { guardian: guardian.name, student: studentName })}
      text={t('people.addGuardianDialog.removeText')}
      action={t('people.addGuardianDialog.remove')}
      busy={isLoading}
      error={error}
      onConfirm={() => void confirm()}
      onClose={onClose}
    />
  );
}
