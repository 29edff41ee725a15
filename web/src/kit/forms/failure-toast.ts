import type { Failure } from '../../app/api';
import { useAppDispatch } from '../../app/hooks';
import { toast } from '../toast/toast.slice';
import { useMessageText } from './messages';

/**
 * A `useSchemaForm` form's `failed` that toasts the refusal under `title`: `offline` when the
 * network failed, else what the server said in the reader's language (the fallback if nothing).
 */
export function useFailureToast(offline: string) {
  const dispatch = useAppDispatch();
  const tr = useMessageText();
  return (title: string) => (failure: Failure<string>) => {
    const text = failure.status === 'FETCH_ERROR' ? offline : tr(failure.message, failure.coded);
    dispatch(toast.error(text, { title }));
  };
}
