import CheckCircle from '@mui/icons-material/CheckCircle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One step of the wizard as a card: its number, title, a done mark, and its fields. */
export function StepSection(props: { number: number; title: string; done: boolean; children: ReactNode }) {
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={`step-${props.number}`}
      sx={{ p: { xs: 2, md: 3 } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography id={`step-${props.number}`} variant="h6" component="h2" sx={{ fontWeight: 600 }}>
          {props.number}. {props.title}
        </Typography>
        {props.done && <CheckCircle color="success" fontSize="small" />}
      </Stack>
      {props.children}
    </Paper>
  );
}
