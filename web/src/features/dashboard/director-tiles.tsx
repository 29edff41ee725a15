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
import { Link as RouterLink } from 'react-router-dom';

type Tile = { key: string; icon: typeof SvgIcon } & ({ to: string } | { onClick: () => void });

/**
 * Spec 2.12's quick tiles. The spec's /group-dashboard, /manage-branches and /group-settings have
 * no screens: Group Dashboard brings the 'Your Group Details' card into view, and Manage Branches
 * and Group Settings open the group's edit form, where its details and settings are changed.
 */
export function DirectorTiles({ hasGroup, onShowGroup }: { hasGroup: boolean; onShowGroup: () => void }) {
  const { t } = useTranslation();
  const tiles: Tile[] = [
    { key: 'addBranch', icon: AddBusiness, to: '/director/create-group' },
    ...(hasGroup
      ? ([
          { key: 'groupDashboard', icon: Dashboard, onClick: onShowGroup },
          { key: 'manageBranches', icon: ManageAccounts, to: '/director/edit-group' },
          { key: 'groupSettings', icon: Settings, to: '/director/edit-group' },
        ] satisfies Tile[])
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
        const link = 'to' in tile ? { component: RouterLink, to: tile.to } : { onClick: tile.onClick };
        return (
          <Paper key={tile.key} variant="outlined" sx={{ overflow: 'hidden' }}>
            <ButtonBase
              {...link}
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
