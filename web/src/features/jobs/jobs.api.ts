import type { Ok } from '@schooliko/common/http';
import type { Job } from '@schooliko/common/jobs';
import { api } from '../../app/api';
import type { AppDispatch } from '../../app/store';

/** Background jobs (imports, promotion): their state, kept live by the notification stream. */
export const jobsApi = api.injectEndpoints({
  endpoints: (build) => ({
    job: build.query<Job, string>({
      query: (id) => `/jobs/${id}`,
      transformResponse: (r: Ok<Job>) => r.data,
    }),
  }),
});

/** While the stream is open it brings every step; this poll only covers a stream that is not. */
const FALLBACK_POLL_MS = 3_000;

/** A job's state: live from the stream, polled slowly as a fallback until it has finished. */
export function useLiveJob(jobId: string | null) {
  const cached = jobsApi.endpoints.job.useQueryState(jobId ?? '', { skip: !jobId }).currentData;
  const over = cached?.status === 'done' || cached?.status === 'failed';
  // currentData, not data: a finished job must not stand in for the next one just started.
  const { currentData: job } = jobsApi.useJobQuery(jobId ?? '', {
    skip: !jobId,
    pollingInterval: over ? 0 : FALLBACK_POLL_MS,
    skipPollingIfUnfocused: false,
  });
  return { job, finished: job?.status === 'done' || job?.status === 'failed' };
}

/**
 * A `job` event of the stream (the state without its row errors): into the cache of whoever
 * watches that job. A finished job is fetched once more for its row errors and result.
 */
export function jobArrived(dispatch: AppDispatch, event: Omit<Job, 'errors'>) {
  dispatch(
    jobsApi.util.updateQueryData('job', event.id, (draft) => {
      Object.assign(draft, event);
    }),
  );
  if (event.status === 'done' || event.status === 'failed') {
    void dispatch(jobsApi.endpoints.job.initiate(event.id, { subscribe: false, forceRefetch: true }));
  }
}
