import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * What a page that failed shows (every route's `errorElement`): a screen that threw, or a chunk
 * that did not load (a new version replaced it). Reloading fetches the app anew. Without it React
 * Router showed its developer page ("Unexpected Application Error!", "Hey developer").
 */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Paper sx={{ p: 4, maxWidth: 460, textAlign: 'center' }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
          {t('common.routeError.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {t('common.routeError.text')}
        </Typography>
        <Button variant="contained" sx={{ mt: 3 }} onClick={() => window.location.reload()}>
          {t('common.routeError.reload')}
        </Button>
      </Paper>
    </Box>
  );
}
