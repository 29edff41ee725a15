import List from '@mui/material/List';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { HomeChild } from '@schooliko/common/home';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PhotoAvatar } from '../../../app/photo-avatar';
import { Panel } from './panel';

/** Children: each with class-section, roll number, this year's attendance and latest grade, opening their record. */
export function ChildrenPanel({ items }: { items: HomeChild[] | undefined }) {
  const { t } = useTranslation();
  return (
    <Panel
      id="home-children"
      title={t('academics.home.children.title')}
      loading={!items}
      empty={items?.length ? null : t('academics.home.children.empty')}
    >
      <List disablePadding aria-label={t('academics.home.children.title')}>
        {items?.map((c) => (
          <ListItemButton
            key={c.id}
            component={RouterLink}
            to={`/student/${c.id}`}
            sx={{ borderRadius: 1, px: 1 }}
          >
            <ListItemAvatar>
              <PhotoAvatar url={c.photo_url}>{c.name[0]}</PhotoAvatar>
            </ListItemAvatar>
            <ListItemText
              primary={c.name}
              secondary={[
                c.section_label ?? t('academics.home.children.noSection'),
                c.roll_no && t('academics.home.children.rollNo', { roll: c.roll_no }),
                c.attendance_percent !== null &&
                  t('academics.home.children.attendance', { pct: c.attendance_percent }),
                c.current_grade &&
                  t('academics.home.children.grade', {
                    grade: c.current_grade.grade,
                    exam: c.current_grade.exam_name,
                  }),
                c.admission_no,
              ]
                .filter(Boolean)
                .join(' · ')}
            />
          </ListItemButton>
        ))}
      </List>
    </Panel>
  );
}
