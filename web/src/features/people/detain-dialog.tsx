import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useStudentsQuery } from './people.api';

/** The students of one section to promote, each with a tick: ticked ones stay in their class. */
export function DetainDialog(props: {
  sectionId: string;
  label: string;
  detained: ReadonlySet<string>;
  onToggle: (id: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const list = useStudentsQuery({ section_id: props.sectionId, limit: 100, sort: 'name' });
  const pupils = (list.data?.items ?? []).filter((s) =>
    ['enrolled', 'promoted', 'detained'].includes(s.status),
  );
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('people.promote.detainTitle', { label: props.label })}</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('people.promote.detainHelp')}
        </Typography>
        {list.isLoading ? (
          <CircularProgress size={24} aria-label={t('people.promote.loading')} />
        ) : list.isError ? (
          <Alert
            severity="error"
            action={<Button onClick={() => list.refetch()}>{t('people.promote.retry')}</Button>}
          >
            {t('people.promote.failed')}
          </Alert>
        ) : (
          <List dense aria-label={t('people.promote.detainTitle', { label: props.label })}>
            {pupils.map((s) => (
              <ListItemButton key={s.id} onClick={() => props.onToggle(s.id)}>
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Checkbox
                    edge="start"
                    checked={props.detained.has(s.id)}
                    tabIndex={-1}
                    slotProps={{ input: { 'aria-label': s.full_name } }}
                  />
                </ListItemIcon>
                <ListItemText primary={s.full_name} secondary={s.admission_no} />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={props.onClose}>
          {t('people.promote.done')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
