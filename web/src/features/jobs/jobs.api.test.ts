import { configureStore } from '@reduxjs/toolkit';
import type { Job } from '@schooliko/common/jobs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../app/api';
import { jobArrived, jobsApi } from './jobs.api';

const base: Job = {
  id: 'j1',
  kind: 'people.import',
  status: 'running',
  progress: { done: 0, total: 10 },
  errors: [],
  error_count: 0,
  failure: null,
  result: null,
  attempts: 1,
  created_at: '2026-11-25T08:00:00.000Z',
  finished_at: null,
};

function storeAnswering(answers: Job[]) {
  const calls: string[] = [];
  // The app calls '/api/…' relative to its page; Node has no page to resolve it against.
  const NodeRequest = Request;
  vi.stubGlobal(
    'Request',
    class extends NodeRequest {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        super(typeof input === 'string' ? new URL(input, 'http://school.test') : input, init);
      }
    },
  );
  vi.stubGlobal('fetch', async (request: Request) => {
    calls.push(new URL(request.url).pathname);
    const job = answers.shift() ?? base;
    return new Response(JSON.stringify({ success: true, data: job }), {
      headers: { 'content-type': 'application/json' },
    });
  });
  const store = configureStore({
    reducer: { [api.reducerPath]: api.reducer, auth: () => ({ user: null, accessToken: null }) },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  const read = () => jobsApi.endpoints.job.select('j1')(store.getState() as never).data;
  return { store, calls, read };
}

afterEach(() => vi.unstubAllGlobals());

/** What the stream sends: the job without its row errors. */
const eventOf = ({ errors: _errors, ...event }: Job) => event;

describe('jobArrived: the stream moves a watched job', () => {
  it('puts the progress into the cache and keeps the row errors already fetched', async () => {
    const { store, calls, read } = storeAnswering([
      { ...base, errors: [{ line: 3, field: 'dob', message: 'bad' }], error_count: 1 },
    ]);
    await store.dispatch(jobsApi.endpoints.job.initiate('j1'));
    jobArrived(store.dispatch, eventOf({ ...base, progress: { done: 7, total: 10 }, error_count: 1 }));
    expect(read()?.progress).toEqual({ done: 7, total: 10 });
    expect(read()?.errors).toEqual([{ line: 3, field: 'dob', message: 'bad' }]);
    expect(calls).toEqual(['/api/jobs/j1']);
  });

  it('fetches a finished job once more, for its result and all its row errors', async () => {
    const done = {
      ...base,
      status: 'done' as const,
      progress: { done: 10, total: 10 },
      result: { imported: 9 },
    };
    const { store, calls, read } = storeAnswering([base, { ...done, error_count: 1, errors: [] }]);
    await store.dispatch(jobsApi.endpoints.job.initiate('j1'));
    jobArrived(store.dispatch, eventOf(done));
    await vi.waitFor(() => expect(calls).toEqual(['/api/jobs/j1', '/api/jobs/j1']));
    await vi.waitFor(() =>
      expect(read()).toMatchObject({ status: 'done', result: { imported: 9 }, error_count: 1 }),
    );
  });

  it('leaves a job nobody watches out of the cache', () => {
    const { store, calls, read } = storeAnswering([]);
    jobArrived(store.dispatch, eventOf({ ...base, progress: { done: 1, total: 10 } }));
    expect(read()).toBeUndefined();
    expect(calls).toEqual([]);
  });
});
