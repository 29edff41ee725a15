import { usePrintReceipt } from '../fees';
import { passPath } from './reception.api';

/** Opens a visitor's pass (PDF) in a new tab; `error` says why when it could not. */
export const usePrintPass = () => usePrintReceipt(passPath);
