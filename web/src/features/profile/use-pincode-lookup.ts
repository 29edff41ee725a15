import type { PincodePlace } from '@schooliko/common/pincode';
import { useCallback, useRef, useState } from 'react';
import { useLazyPincodePlaceQuery } from './profile.api';

export type PincodeStatus = 'idle' | 'loading' | 'found' | 'notFound' | 'error';

/**
 * Spec 5.5 / 8.5: looks a pincode up once it has 6 digits and hands the place to `onFound`, or
 * tells `onNotFound` that no place has it. A later keystroke wins over an answer still on its way.
 */
export function usePincodeLookup(onFound: (place: PincodePlace) => void, onNotFound: () => void) {
  const [trigger] = useLazyPincodePlaceQuery();
  const [status, setStatus] = useState<PincodeStatus>('idle');
  const latest = useRef('');

  const lookup = useCallback(
    async (pincode: string) => {
      latest.current = pincode;
      if (pincode.length !== 6) {
        setStatus('idle');
        return;
      }
      setStatus('loading');
      const result = await trigger(pincode, true);
      if (latest.current !== pincode) return;
      if (result.isError) setStatus('error');
      else if (!result.data) {
        onNotFound();
        setStatus('notFound');
      } else {
        onFound(result.data);
        setStatus('found');
      }
    },
    [trigger, onFound, onNotFound],
  );

  const reset = useCallback(() => {
    latest.current = '';
    setStatus('idle');
  }, []);

  return { status, lookup, reset };
}
