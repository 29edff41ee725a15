import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@schooliko/common/people/audit';
import { useTranslation } from 'react-i18next';
import { changeLines, formatDate } from './format';

/** Fields whose stored value is a code: shown by the name under this prefix of strings. */
const VALUE_NAMES: Record<string, string> = { committee: 'people.committeeNames' };

/** A record's audit trail: who changed what, when, from what to what. */
export function HistoryList({ entries }: { entries: AuditEntry[] | undefined }) {
  const { t, i18n } = useTranslation();
  if (!entries) return null;
  if (!entries.length) return <Typography>{t('people.noHistory')}</Typography>;
  return (
    <List dense aria-label={t('people.tabs.history')}>
      {entries.map((entry) => {
        const action = entry.action.startsWith('status:')
          ? t(`people.status.${entry.action.slice(7)}`)
          : t(`people.actions.${entry.action}`, { defaultValue: entry.action });
        // A photo's change is its picture: the stored file's name says nothing to a reader.
        const lines = ['create', 'import', 'photo', 'photo-removed'].includes(entry.action)
          ? []
          : changeLines(entry);
        return (
          <ListItem key={entry.id} divider alignItems="flex-start">
            <ListItemText
              primary={action}
              secondary={
                <>
                  {t('people.changedBy', {
                    who: entry.actor_name || '—',
                    when: formatDate(entry.at, i18n.language),
                  })}
                  {lines.map((l) => {
                    const names = VALUE_NAMES[l.field];
                    const value = (v: string) => (names ? t(`${names}.${v}`, { defaultValue: v }) : v);
                    return (
                      <Typography key={l.field} component="span" variant="body2" sx={{ display: 'block' }}>
                        {t(`people.fields.${l.field}`, { defaultValue: l.field })}: {value(l.before)} →{' '}
                        {value(l.after)}
                      </Typography>
                    );
                  })}
                </>
              }
            />
          </ListItem>
        );
      })}
    </List>
  );
}
