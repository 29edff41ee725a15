import AdminPanelSettings from '@mui/icons-material/AdminPanelSettings';
import CoPresent from '@mui/icons-material/CoPresent';
import FamilyRestroom from '@mui/icons-material/FamilyRestroom';
import School from '@mui/icons-material/School';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import type SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { Role } from '@schooliko/common/auth';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { canOpen, closedReason, entryPath } from '../../layout/sidebar-items';

/** Spec 2.11's cards, pointing where the sidebar's entries of the same name point. */
const CARDS: { key: string; path: string; icon: typeof SvgIcon }[] = [
  { key: 'students', path: '/student', icon: School },
  { key: 'teachers', path: '/teacher', icon: CoPresent },
  { key: 'parents', path: '/parent', icon: FamilyRestroom },
  { key: 'admin', path: '/admin', icon: AdminPanelSettings },
];

/** The quick-action cards: a link where the role may open the screen, otherwise a note why not. */
export function QuickActions({ role }: { role: Role }) {
  const permissions = useAppSelector((s) => s.auth.user?.permissions ?? []);
  const { t } = useTranslation();
  return (
    <section aria-labelledby="quick-actions-title">
      <Typography id="quick-actions-title" component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {t('home.quickActions')}
      </Typography>
      <Grid container spacing={2}>
        {CARDS.map(({ key, path: cardPath, icon: Icon }) => {
          const path = entryPath(role, key, cardPath);
          const enabled = canOpen(path, role, permissions);
          const content = (
            <CardContent sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
              <Icon color={enabled ? 'primary' : 'disabled'} sx={{ fontSize: 32 }} />
              <div>
                <Typography sx={{ fontWeight: 700 }}>{t(`home.cards.${key}.title`)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {enabled ? t(`home.cards.${key}.text`) : t(closedReason(path))}
                </Typography>
              </div>
            </CardContent>
          );
          return (
            <Grid key={key} size={{ xs: 12, sm: 6 }}>
              <Card variant="outlined" sx={{ height: '100%', opacity: enabled ? 1 : 0.65 }}>
                {enabled ? (
                  <CardActionArea component={RouterLink} to={path} sx={{ height: '100%' }}>
                    {content}
                  </CardActionArea>
                ) : (
                  <div aria-disabled="true">{content}</div>
                )}
              </Card>
            </Grid>
          );
        })}
      </Grid>
    </section>
  );
}
