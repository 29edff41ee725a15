import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 2.5: the fullscreen toggle (Fullscreen API); hidden where the browser has none. */
export function FullscreenButton() {
  const { t } = useTranslation();
  const [active, setActive] = useState(() => document.fullscreenElement !== null);

  useEffect(() => {
    const sync = () => setActive(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);

  if (!document.fullscreenEnabled) return null;
  const label = active ? t('shell.exitFullscreen') : t('shell.enterFullscreen');
  const toggle = () => {
    const done = active ? document.exitFullscreen() : document.documentElement.requestFullscreen();
    // Refused (no user gesture, a policy): nothing changes and the icon stays as it was.
    done.catch(() => setActive(document.fullscreenElement !== null));
  };

  return (
    <Tooltip title={label}>
      <IconButton color="inherit" onClick={toggle} aria-label={label} aria-pressed={active}>
        {active ? <FullscreenExit /> : <Fullscreen />}
      </IconButton>
    </Tooltip>
  );
}
