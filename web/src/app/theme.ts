import { createTheme } from '@mui/material/styles';

/**
 * White on the spec's green (#388e3c) is 4.1:1, short of WCAG AA's 4.5:1 for button-sized text,
 * so filled green surfaces that carry text use this one shade darker green (5.1:1). The spec's
 * green stays the palette's secondary for icons, borders and outlined text.
 */
const GREEN_FILL = '#2e7d32';
const GREEN_FILL_HOVER = '#1b5e20';
const FOCUS = '#003c4f';

/** Spec 9: dark teal primary, green secondary, Montserrat, 36px small inputs, 4px corners. */
export const theme = createTheme({
  palette: {
    primary: { main: '#003c4f' },
    secondary: { main: '#388e3c' },
    background: { default: '#f5f7f8' },
  },
  shape: { borderRadius: 4 },
  typography: {
    fontFamily: '"Montserrat Variable", "Noto Sans Devanagari Variable", system-ui, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // Someone who asks their system for less motion (WCAG 2.3.3) gets menus, dialogs and drawers
    // at once where they would slide or grow, no ripple and still placeholders. A spinner keeps
    // turning: it is what says the work goes on.
    MuiCssBaseline: {
      styleOverrides: {
        '@media (prefers-reduced-motion: reduce)': {
          '*, *::before, *::after': {
            transitionDuration: '0s !important',
            scrollBehavior: 'auto !important',
          },
          '.MuiTouchRipple-root': { display: 'none' },
          '.MuiSkeleton-root': { animation: 'none !important' },
        },
      },
    },
    MuiInputBase: {
      styleOverrides: { sizeSmall: { minHeight: 36 } },
    },
    // Keyboard focus must be plain to see (WCAG 2.4.7); MUI's own cue is a faint ripple. Rows and
    // cards fill a container that clips its overflow, so theirs is drawn inside.
    MuiButtonBase: {
      styleOverrides: { root: { '&.Mui-focusVisible': { outline: `2px solid ${FOCUS}`, outlineOffset: 2 } } },
    },
    MuiMenuItem: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
    MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
    MuiCardActionArea: { styleOverrides: { root: { '&.Mui-focusVisible': { outlineOffset: -2 } } } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      variants: [
        {
          props: { variant: 'contained', color: 'secondary' },
          style: { backgroundColor: GREEN_FILL, '&:hover': { backgroundColor: GREEN_FILL_HOVER } },
        },
      ],
    },
  },
});
