import AddBusiness from '@mui/icons-material/AddBusiness';
import Dashboard from '@mui/icons-material/Dashboard';
import ManageAccounts from '@mui/icons-material/ManageAccounts';
import Settings from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import type SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

type Tile = { key: string; icon: typeof SvgIcon; to: string };

/**
 * Spec 2.12's quick tiles, on the screens that do these jobs: Add New Branch opens the new-institute
 * form (/add-school, which asks a director without a group to create it first), Group Dashboard the
 * group's branches side by side (/director/group), Manage Branches the school lists, and Group
 * Settings the group's edit form.
 */
export function DirectorTiles({ hasGroup }: { hasGroup: boolean }) {
  const { t } = useTranslation();
  const tiles: Tile[] = [
    { key: 'addBranch', icon: AddBusiness, to: '/add-school' },
    ...(hasGroup
      ? [
          { key: 'groupDashboard', icon: Dashboard, to: '/director/group' },
          { key: 'manageBranches', icon: ManageAccounts, to: '/school-lists' },
          { key: 'groupSettings', icon: Settings, to: '/director/edit-group' },
        ]
      : []),
  ];

  return (
    <Box
      component="nav"
      aria-label={t('dashboard.director.quickActions')}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
    >
      {tiles.map((tile) => {
        const Icon = tile.icon;
        return (
          <Paper key={tile.key} variant="outlined" sx={{ overflow: 'hidden' }}>
            <ButtonBase
              component={RouterLink}
              to={tile.to}
              sx={{
                width: '100%',
                p: 2.5,
                display: 'flex',
                flexDirection: 'column',
                gap: 1,
                '&:hover': { bgcolor: 'action.hover' },
                // The tile's Paper clips its overflow: draw the focus ring inside.
                '&.Mui-focusVisible': { outlineOffset: -2 },
              }}
            >
              <Icon color="primary" sx={{ fontSize: 32 }} />
              <Typography sx={{ fontWeight: 600 }}>{t(`dashboard.director.tiles.${tile.key}`)}</Typography>
              <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
                {t(`dashboard.director.tiles.${tile.key}Text`)}
              </Typography>
            </ButtonBase>
          </Paper>
        );
      })}
    </Box>
  );
}
