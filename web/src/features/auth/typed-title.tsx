import Box from '@mui/material/Box';
import { keyframes } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { shortenWords, type TypedState, typedStep } from './typed-text';

const blink = keyframes`
  50% { opacity: 0; }
`;

/**
 * The institute's name typed out letter by letter, looping (spec 2.4). Screen readers get the
 * whole name at once; the full text reserves the space so nothing jumps; people who ask for
 * reduced motion see it complete. `startTyped`: begin with the whole name shown (it already was).
 */
export function TypedTitle({ text, startTyped = false }: { text: string; startTyped?: boolean }) {
  const title = shortenWords(text);
  const reduceMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const [state, setState] = useState<TypedState>(
    startTyped ? { count: title.length, phase: 'holding' } : { count: 0, phase: 'typing' },
  );

  useEffect(() => {
    if (reduceMotion) return;
    const { next, delay } = typedStep(state, title.length);
    const timer = setTimeout(() => setState(next), delay);
    return () => clearTimeout(timer);
  }, [state, title, reduceMotion]);

  const shown = reduceMotion ? title : title.slice(0, Math.min(state.count, title.length));

  return (
    <Typography
      variant="h3"
      component="h1"
      aria-label={title}
      sx={{ fontWeight: 700, fontSize: { xs: 26, md: 36 }, lineHeight: 1.25, display: 'grid' }}
    >
      <Box component="span" aria-hidden sx={{ gridArea: '1 / 1', visibility: 'hidden' }}>
        {title}
      </Box>
      <Box component="span" aria-hidden sx={{ gridArea: '1 / 1' }}>
        {shown}
        {!reduceMotion && (
          <Box
            component="span"
            sx={{
              display: 'inline-block',
              width: '2px',
              height: '1em',
              ml: '2px',
              verticalAlign: '-0.1em',
              bgcolor: 'currentColor',
              animation: `${blink} 1s steps(1) infinite`,
            }}
          />
        )}
      </Box>
    </Typography>
  );
}
