import LockOutlined from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** `/unauthorized`: where a signed-in person lands on a page their role may not open. */
export default function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}
    >
      <Paper sx={{ p: 5, maxWidth: 460, textAlign: 'center' }}>
        <LockOutlined color="error" sx={{ fontSize: 56 }} />
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mt: 1 }}>
          {t('unauthorized.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 2 }}>
          {t('unauthorized.message')}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ mt: 4, justifyContent: 'center' }}>
          <Button component={RouterLink} to="/signin" variant="contained">
            {t('common.signIn')}
          </Button>
          <Button component={RouterLink} to="/" variant="outlined">
            {t('common.goHome')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
