import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

export const FOOTER_HEIGHT = 45;

/**
 * Spec 2.2: a fixed 45px footer, offset 200px beside the sidebar, full width elsewhere.
 * `fixed={false}` lets it flow at the end of the page (every page on a phone).
 */
export function Footer({
  name,
  offset = 0,
  fixed = true,
}: {
  name: string;
  offset?: number;
  fixed?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{
        position: fixed ? 'fixed' : 'static',
        bottom: 0,
        left: offset,
        right: 0,
        ml: fixed ? 0 : `${offset}px`,
        height: FOOTER_HEIGHT,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 1,
        bgcolor: 'background.paper',
        borderTop: 1,
        borderColor: 'divider',
        zIndex: (theme) => theme.zIndex.appBar - 1,
      }}
    >
      {/* The bar's height is fixed: on a phone the line may wrap once, so it is set smaller. */}
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{ fontSize: { xs: 11.5, sm: 14 }, lineHeight: 1.3, textAlign: 'center' }}
      >
        © {new Date().getFullYear()} {name}. {t('common.allRightsReserved')}
      </Typography>
    </Box>
  );
}
