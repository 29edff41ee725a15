import PersonAdd from '@mui/icons-material/PersonAdd';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Guardian } from '@schooliko/common/people/guardians';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { failureOf } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import { RequestChangeDialog } from '../change-requests/request-change-dialog';
import { ConfirmDialog } from '../forms/confirm-dialog';
import { messageText } from '../forms/messages';
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
  const [phone, setPhone] = useState(guardian.phone);
  const [update, { isLoading }] = useUpdateGuardianMutation();
  const [error, setError] = useState<string | null>(null);
  const link = guardian.children.find((c) => c.student_id === studentId);
  const save = async () => {
    setError(null);
    try {
      await update({ id: guardian.id, body: { phone } }).unwrap();
      setEditing(false);
    } catch (e) {
      const failure = failureOf(e, t('lists.failed'));
      setError(
        failure.errors.phone
          ? messageText(t, failure.errors.phone, failure.codes.phone)
          : messageText(t, failure.message, failure.coded),
      );
    }
  };
  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-label={guardian.name}>
      <Typography sx={{ fontWeight: 700 }}>{guardian.name}</Typography>
      <Typography variant="body2" color="text.secondary">
        {link ? t(`people.relation.${link.relation}`, { defaultValue: link.relation }) : ''}
        {link?.authorised_pickup ? ` · ${t('people.fields.authorised_pickup')}` : ''}
      </Typography>
      {editing ? (
        <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
          <TextField
            size="small"
            label={t('people.fields.phone')}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
            error={Boolean(error)}
            helperText={error ?? ' '}
            slotProps={{ htmlInput: { inputMode: 'tel' } }}
          />
          <Button variant="contained" onClick={() => void save()} disabled={isLoading}>
            {t('people.save')}
          </Button>
          <Button onClick={() => setEditing(false)}>{t('people.cancel')}</Button>
        </Stack>
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
