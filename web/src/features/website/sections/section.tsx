import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import type SvgIcon from '@mui/material/SvgIcon';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type Props = { id: string; icon: typeof SvgIcon; title: string; hint?: string; children: ReactNode };

/** One block of the builder: an outlined card with a heading and a line of help. */
export function Section({ id, icon: Icon, title, hint, children }: Props) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={`${id}-title`}
      sx={{ p: { xs: 2, sm: 3 }, mb: 2.5 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: hint ? 0.5 : 2 }}>
        <Icon color="primary" />
        <Typography id={`${id}-title`} component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
      </Box>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {hint}
        </Typography>
      )}
      {children}
    </Paper>
  );
}
