import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import type { MySubject } from '@schooliko/common/home';
import { useTranslation } from 'react-i18next';
import { Panel } from './panel';

/** My Subjects: the subjects of the student's section and who teaches each. */
export function SubjectsPanel({
  subjects,
  inSection,
}: {
  subjects: MySubject[] | undefined;
  inSection: boolean;
}) {
  const { t } = useTranslation();
  const empty = !inSection
    ? t('academics.home.subjects.noSection')
    : subjects?.length
      ? null
      : t('academics.home.subjects.empty');
  return (
    <Panel id="home-subjects" title={t('academics.home.subjects.title')} loading={!subjects} empty={empty}>
      <List dense disablePadding aria-label={t('academics.home.subjects.title')}>
        {subjects?.map((s) => (
          <ListItem key={s.subject_id} disableGutters>
            <ListItemText
              sx={{ my: 0.25 }}
              primary={s.name}
              secondary={s.teachers.length ? s.teachers.join(', ') : t('academics.home.subjects.noTeacher')}
            />
          </ListItem>
        ))}
      </List>
    </Panel>
  );
}
