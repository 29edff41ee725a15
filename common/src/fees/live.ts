/**
 * The notification stream's event when a student's dues change (a payment posted at the counter or
 * by the gateway's webhook, a receipt cancelled): `data` is `{ student_id }`. Sent to the
 * institute's fee staff and to the student and their guardians; screens showing dues refetch.
 */
export const FEES_STREAM_EVENT = 'fees';
export type FeesStreamEvent = { student_id: string };
