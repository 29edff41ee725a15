import Avatar from '@mui/material/Avatar';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { Role } from '@schooliko/common/auth';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSectionsQuery, useStudentsQuery } from '../people/people.api';

/**
 * The records a role's home leads to (issue 12 B.4): a parent's children, a student's own
 * record, a teacher's sections with their pupils. The server decides whose they are.
 */
export function MyPeople({ role }: { role: Role }) {
  const { t } = useTranslation();
  if (role !== 'parent' && role !== 'student' && role !== 'teacher') return null;
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
          {t(`people.mine.${role}.title`)}
        </Typography>
        {role === 'teacher' ? <MySections /> : <MyStudents role={role} />}
      </CardContent>
    </Card>
  );
}

function Loading() {
  return <Skeleton variant="rectangular" height={96} aria-busy="true" />;
}

function MyStudents({ role }: { role: 'parent' | 'student' }) {
  const { t } = useTranslation();
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
            <Avatar src={s.photo_url || undefined}>{s.first_name[0]}</Avatar>
          </ListItemAvatar>
          <ListItemText primary={s.full_name} secondary={`${s.admission_no} · ${s.section_name ?? '—'}`} />
        </ListItemButton>
      ))}
    </List>
  );
}

function MySections() {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useSectionsQuery({ mine: true });
  if (isLoading) return <Loading />;
  if (isError) return <Typography color="error">{t('home.loadError')}</Typography>;
  if (!data?.length) return <Typography color="text.secondary">{t('people.mine.teacher.empty')}</Typography>;
  return (
    <List disablePadding aria-label={t('people.mine.teacher.title')}>
      {data.map((s) => (
        <ListItemButton
          key={s.id}
          component={RouterLink}
          to={`/teacher/students?section_id=${s.id}`}
          sx={{ borderRadius: 1, gap: 1, flexWrap: 'wrap' }}
        >
          <ListItemText
            primary={s.label}
            secondary={t('people.mine.teacher.pupils', { count: s.students, room: s.room || '—' })}
          />
          {s.class_teacher_name && (
            <Chip
              size="small"
              variant="outlined"
              label={t('people.mine.teacher.classTeacher', { name: s.class_teacher_name })}
            />
          )}
        </ListItemButton>
      ))}
    </List>
  );
}
