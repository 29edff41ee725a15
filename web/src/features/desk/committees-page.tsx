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
import { COMPLAINT_MESSAGES, type Committee } from '@schooliko/common/desk/complaints';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { ConfirmDialog } from '../forms/confirm-dialog';
import { useMessageText } from '../forms/messages';
import { LoadFailed } from '../lists/load-failed';
import { toast } from '../toast/toast.slice';
import { useCommitteesQuery, useSaveCommitteeMutation } from './desk.api';
import { useFailure } from './desk-kit';
import { StaffSelect } from './staff-select';

type Member = { staff_id: string; name: string };

/** One committee: its members (each removed after a question), and a staff member to add. */
function CommitteeCard({ committee, members }: { committee: Committee; members: Member[] }) {
  const { t } = useTranslation();
  const text = useMessageText();
  const dispatch = useAppDispatch();
  const [save, { isLoading, error, reset }] = useSaveCommitteeMutation();
  const failure = useFailure()(error);
  const [adding, setAdding] = useState('');
  const [removing, setRemoving] = useState<Member | null>(null);
  const name = t(`desk.committees.name.${committee}`);
  const saveMembers = async (staffIds: string[]) => {
    const res = await save({ committee, staff_ids: staffIds });
    if (!('data' in res)) return false;
    dispatch(toast.success(text(COMPLAINT_MESSAGES.committeeSaved)));
    return true;
  };
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
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
          <StaffSelect
            label={t('desk.committees.add')}
            value={adding}
            onChange={setAdding}
            exclude={members.map((m) => m.staff_id)}
          />
          <Button
            variant="contained"
            startIcon={<PersonAdd />}
            disabled={!adding || isLoading}
            onClick={async () => {
              if (await saveMembers([...members.map((m) => m.staff_id), adding])) setAdding('');
            }}
            sx={{ flexShrink: 0, minHeight: 56 }}
          >
            {t('desk.committees.addButton')}
          </Button>
        </Stack>
        {isLoading && <LinearProgress aria-label={t('desk.loading')} />}
        {failure.message && !removing && <Alert severity="error">{failure.message}</Alert>}
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
            const kept = members.filter((m) => m.staff_id !== removing.staff_id).map((m) => m.staff_id);
            if (await saveMembers(kept)) setRemoving(null);
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
