import { FEES_STREAM_EVENT } from '@schooliko/common/fees/live';
import { JOB_STREAM_EVENT, type Job } from '@schooliko/common/jobs';
import { NOTIFICATION_STREAM_EVENT, type NotificationItem } from '@schooliko/common/notifications';
import { useEffect, useRef } from 'react';
import { api } from '../../app/api';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toast } from '../../kit/toast/toast.slice';
import { tokenExpiry } from '../auth';
import { duesChanged } from '../dashboard';
import { jobArrived } from '../jobs';

/** Refused streams in a row before we leave it to polling. */
const MAX_FAILURES = 3;
/** After giving up, try the stream again with the next token once this long has passed. */
const RETRY_AFTER_MS = 5 * 60_000;
/** Wait before reopening a refused stream, times the failures so far. */
const BACKOFF_MS = 5_000;

/** An event's data when it has the field that marks its kind; anything else is ignored. */
function parse<T>(data: unknown, field: keyof T): T | null {
  try {
    const item = JSON.parse(String(data)) as Partial<T>;
    return typeof item[field] === 'string' ? (item as T) : null;
  } catch {
    return null;
  }
}

/**
 * Live notifications (DESIGN 6): an EventSource on /api/notifications/stream with the current
 * access token. Each notification refreshes the bell and the panel and shows an info toast; each
 * `job` event moves the progress of the caller's background job (jobs.api.ts); each `fees` event
 * refetches what shows dues.
 *
 * A new access token (the token watch refreshes it well before expiry) reopens the stream with
 * it. The server ends a stream whose token expires (`event: expired`): the token watch is about to
 * bring the next one. We never refresh from here: a refresh cut short by leaving the page would
 * spend the refresh cookie. A stream refused for another reason is retried with a growing pause;
 * after three refusals in a row the 120 s poll of the unread count (notification-bell) carries on
 * alone.
 */
export function useNotificationStream() {
  const token = useAppSelector((s) => s.auth.accessToken);
  const dispatch = useAppDispatch();
  const failures = useRef(0);
  const gaveUpAt = useRef(0);

  useEffect(() => {
    if (!token || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;

    const open = () => {
      if (failures.current >= MAX_FAILURES) {
        if (Date.now() - gaveUpAt.current < RETRY_AFTER_MS) return;
        failures.current = 0;
      }
      const current = new EventSource(`/api/notifications/stream?access_token=${encodeURIComponent(token)}`);
      source = current;
      current.onopen = () => {
        failures.current = 0;
      };
      current.addEventListener(NOTIFICATION_STREAM_EVENT, (event) => {
        dispatch(api.util.invalidateTags(['Notifications']));
        const item = parse<NotificationItem>(event.data, 'title');
        if (item) dispatch(toast.info(item.message, { title: item.title }));
      });
      current.addEventListener(JOB_STREAM_EVENT, (event) => {
        const job = parse<Omit<Job, 'errors'>>(event.data, 'id');
        if (job) jobArrived(dispatch, job);
      });
      // A student's dues changed (a payment posted or cancelled, here or online): whatever shows
      // dues refetches (counter, defaulter list, collection, parent's and admin's fee cards).
      current.addEventListener(FEES_STREAM_EVENT, () => {
        dispatch(duesChanged());
      });
      current.addEventListener('expired', () => current.close());
      // Ended for a newer stream of this person (the server caps them): polling carries on here.
      current.addEventListener('replaced', () => current.close());
      current.onerror = () => {
        // While CONNECTING the browser retries by itself (the server asks for 5 s); CLOSED means
        // the server refused the stream.
        if (current.readyState !== EventSource.CLOSED) return;
        const exp = tokenExpiry(token);
        if (exp !== null && exp * 1000 <= Date.now()) return; // the next token reopens it
        failures.current += 1;
        if (failures.current >= MAX_FAILURES) gaveUpAt.current = Date.now();
        else retry = setTimeout(open, BACKOFF_MS * failures.current);
      };
    };

    open();
    return () => {
      clearTimeout(retry);
      source?.close();
    };
  }, [token, dispatch]);
}
