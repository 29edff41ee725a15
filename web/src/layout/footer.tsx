import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export const FOOTER_HEIGHT = 45;

/** Spec 2.2: a fixed 45px footer, offset 200px beside the sidebar, full width elsewhere. */
export function Footer({ name, offset = 0 }: { name: string; offset?: number }) {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{
        position: 'fixed',
        bottom: 0,
        left: offset,
        right: 0,
        height: FOOTER_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
        zIndex: (theme) => theme.zIndex.appBar - 1,
      }}
    >
      <Typography variant="body2" color="text.secondary">
        © {new Date().getFullYear()} {name}. {t('common.allRightsReserved')}
      </Typography>
    </Box>
  );
}
