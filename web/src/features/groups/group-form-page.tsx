import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { PageLoader } from '../../layout/page-loader';
import { GroupForm } from './group-form';
import { useDirectorProfileQuery, useMyGroupsQuery } from './groups.api';
import { currentGroupOf } from './institute-group.slice';

/**
 * /director/create-group and /director/edit-group (spec 2.14): one form, the mode chosen by the
 * path. Edit mode opens the director's current group, prefilled from my-groups.
 */
export default function GroupFormPage() {
  const { t } = useTranslation();
  const editing = useLocation().pathname.replace(/\/$/, '').endsWith('/edit-group');
  const userId = useAppSelector((s) => s.auth.user?.id ?? '');
  const groups = useMyGroupsQuery(undefined, { skip: !editing, refetchOnMountOrArgChange: true });
  const profile = useDirectorProfileQuery(userId, { skip: !editing || !userId });
  const title = editing ? t('groups.form.editTitle') : t('groups.form.createTitle');

  useEffect(() => {
    document.title = title;
  }, [title]);

  let body: ReactNode;
  if (!editing) {
    body = <GroupForm group={null} />;
  } else if (groups.isLoading || profile.isLoading) {
    body = <PageLoader />;
  } else if (groups.isError) {
    body = <Alert severity="error">{t('groups.messages.fetchGroupFailed')}</Alert>;
  } else {
    const group = currentGroupOf(groups.data?.groups ?? [], profile.data?.current_group_id);
    body = group ? (
      <GroupForm key={group._id} group={group} />
    ) : (
      <Alert
        severity="info"
        action={
          <Button component={RouterLink} to="/director/create-group" color="inherit" size="small">
            {t('groups.form.createTitle')}
          </Button>
        }
      >
        {t('groups.form.noGroupToEdit')}
      </Alert>
    );
  }

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', width: '100%' }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 0.5 }}>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {editing ? t('groups.form.editIntro') : t('groups.form.createIntro')}
      </Typography>
      {body}
    </Box>
  );
}
