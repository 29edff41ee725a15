import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** Shown while a lazily loaded route or its first data arrives. */
export function PageLoader() {
  return (
    <Box
      sx={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}
      role="progressbar"
      aria-label="Loading"
    >
      <CircularProgress />
    </Box>
  );
}
