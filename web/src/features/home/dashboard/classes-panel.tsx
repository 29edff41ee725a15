import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { MyClass } from '@schooliko/common/home';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Panel } from './panel';

/** My Classes: the sections a teacher teaches or leads, each opening its pupils. */
export function ClassesPanel({ classes }: { classes: MyClass[] | undefined }) {
  const { t } = useTranslation();
  return (
    <Panel
      id="home-classes"
      title={t('academics.home.classes.title')}
      loading={!classes}
      empty={classes?.length ? null : t('academics.home.classes.empty')}
    >
      <List dense disablePadding aria-label={t('academics.home.classes.title')}>
        {classes?.map((c) => (
          <ListItemButton
            key={c.section_id}
            component={RouterLink}
            to={`/teacher/students?section_id=${c.section_id}`}
            sx={{ borderRadius: 1, gap: 1, flexWrap: 'wrap', px: 1 }}
          >
            <ListItemText
              sx={{ minWidth: 0, flex: 1 }}
              primary={c.label}
              secondary={[t('academics.home.classes.pupils', { count: c.pupils }), c.subjects.join(', ')]
                .filter(Boolean)
                .join(' · ')}
            />
            {c.class_teacher && (
              <Chip
                size="small"
                color="primary"
                variant="outlined"
                label={t('academics.home.classes.classTeacher')}
              />
            )}
          </ListItemButton>
        ))}
      </List>
    </Panel>
  );
}
