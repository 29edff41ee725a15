import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** The stat cards on top: one column on a phone, two on a tablet, four on a wide screen. */
export function StatRow({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' },
        mb: 3,
      }}
    >
      {children}
    </Box>
  );
}

/** The panels under them: one column on a phone, two from a laptop up. */
export function PanelGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' },
        alignItems: 'start',
        mb: 3,
      }}
    >
      {children}
    </Box>
  );
}
