import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { keyframes } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { hideToast } from './toast.slice';

/** Spec 9: auto-hide after 6000 ms; between 300 and 500 px wide. */
export const TOAST_AUTO_HIDE_MS = 6000;
/**
 * A brief toast's time: "Signed in! Redirecting..." is read while the next page loads, and then
 * leaves it (issue 32: it stayed over the loaded dashboard for six seconds).
 */
export const TOAST_BRIEF_MS = 2500;

const shrink = keyframes`
  from { transform: scaleX(1); }
  to { transform: scaleX(0); }
`;

/**
 * The app's one toast (spec 3.3, 4.3), top-right (or bottom-right when asked). It hides itself after 6 s (a brief one
 * after 2.5 s) with a shrinking bar (both pause while the pointer is on it); a 'mandate close' toast stays until closed.
 */
export function Toast() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { open, message, severity, title, mandateClose, placement, brief, id } = useAppSelector(
    (s) => s.toast,
  );
  const hideAfter = brief ? TOAST_BRIEF_MS : TOAST_AUTO_HIDE_MS;

  const close = (_event: unknown, reason?: SnackbarCloseReason) => {
    if (reason === 'clickaway' && mandateClose) return;
    dispatch(hideToast());
  };

  return (
    <Snackbar
      key={id}
      open={open}
      onClose={close}
      autoHideDuration={mandateClose ? null : hideAfter}
      disableWindowBlurListener
      anchorOrigin={{ vertical: placement, horizontal: 'right' }}
      // Below the signed-in top bar (56px), so the bell, language and account buttons stay in reach.
      sx={{
        ...(placement === 'top' && { top: { xs: 64, sm: 64 } }),
        '&:hover .toast-progress': { animationPlayState: 'paused' },
      }}
    >
      <Alert
        onClose={() => dispatch(hideToast())}
        severity={severity}
        variant="filled"
        closeText={t('toast.close')}
        sx={{
          minWidth: 300,
          maxWidth: 500,
          position: 'relative',
          overflow: 'hidden',
          boxShadow: 6,
          alignItems: 'flex-start',
          '& .MuiAlert-action': { pt: 0, alignSelf: 'flex-start' },
        }}
      >
        <AlertTitle sx={{ fontWeight: 700 }}>{title ?? t(`toast.titles.${severity}`)}</AlertTitle>
        {message}
        {!mandateClose && (
          <Box
            className="toast-progress"
            aria-hidden
            sx={{
              position: 'absolute',
              left: 0,
              right: 0,
              bottom: 0,
              height: 4,
              bgcolor: 'rgba(255,255,255,.7)',
              transformOrigin: 'left',
              animation: `${shrink} ${hideAfter}ms linear forwards`,
              '@media (prefers-reduced-motion: reduce)': { animation: 'none', display: 'none' },
            }}
          />
        )}
      </Alert>
    </Snackbar>
  );
}
