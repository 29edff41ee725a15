import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PhotoAvatar } from '../../app/photo-avatar';
import { useStudentsQuery } from '../people';

/**
 * The records a role's home leads to (issue 12 B.4): a student's own record. (A teacher's sections
 * and a parent's children are cards of their dashboards: dashboard/classes-panel.tsx and
 * children-panel.tsx.) The server decides whose they are.
 */
export function MyPeople() {
  const { t } = useTranslation();
  const role = 'student';
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          {t(`people.mine.${role}.title`)}
        </Typography>
        <MyStudents />
      </CardContent>
    </Card>
  );
}

function Loading() {
  return <Skeleton variant="rectangular" height={96} aria-busy="true" />;
}

function MyStudents() {
  const { t } = useTranslation();
  const role = 'student';
  const { data, isLoading, isError } = useStudentsQuery({ limit: 20, sort: 'name' });
  if (isLoading) return <Loading />;
  if (isError) return <Typography color="error">{t('home.loadError')}</Typography>;
  if (!data?.items.length)
    return <Typography color="text.secondary">{t(`people.mine.${role}.empty`)}</Typography>;
  return (
    <List disablePadding aria-label={t(`people.mine.${role}.title`)}>
      {data.items.map((s) => (
        <ListItemButton key={s.id} component={RouterLink} to={`/student/${s.id}`} sx={{ borderRadius: 1 }}>
          <ListItemAvatar>
            <PhotoAvatar url={s.photo_url}>{s.first_name[0]}</PhotoAvatar>
          </ListItemAvatar>
          <ListItemText primary={s.full_name} secondary={`${s.admission_no} · ${s.section_name ?? '—'}`} />
        </ListItemButton>
      ))}
    </List>
  );
}
