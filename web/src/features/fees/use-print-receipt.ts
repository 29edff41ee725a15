import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { openFile } from '../../kit/lists/download';
import { receiptPath } from './fees.api';

/** Opens a receipt's PDF (or another PDF by id: `path`) in a new tab; `error` says why when it could not. */
export function usePrintReceipt(path: (id: string) => string = receiptPath) {
  const token = useAppSelector((s) => s.auth.accessToken);
  const [error, setError] = useState<string | null>(null);
  return {
    error,
    open: (id: string) => {
      setError(null);
      openFile(path(id), token).catch((e: Error) => setError(e.message));
    },
  };
}
