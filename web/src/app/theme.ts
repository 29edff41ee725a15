import { createTheme } from '@mui/material/styles';

/** Spec 9: dark teal primary, green secondary, Montserrat, 36px small inputs, 4px corners. */
export const theme = createTheme({
  palette: {
    primary: { main: '#003c4f' },
    secondary: { main: '#388e3c' },
    background: { default: '#f5f7f8' },
  },
  shape: { borderRadius: 4 },
  typography: {
    fontFamily: 'Montserrat, "Noto Sans Devanagari", system-ui, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiInputBase: {
      styleOverrides: { sizeSmall: { minHeight: 36 } },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
  },
});
