import type { JoinRequest, JoinStatus } from '@schooliko/common/group-requests';
import { describe, expect, it } from 'vitest';
import { signedOut } from '../../kit/session';
import {
  joinRequestAdded,
  joinRequestRemoved,
  joinRequestSlice,
  joinStatusLoaded,
  pendingRequestOf,
  welcomeShown,
} from './join-request.slice';

const reduce = joinRequestSlice.reducer;

const request = (
  id: string,
  status: JoinRequest['status'],
  updated: string,
  group = `Group ${id}`,
): JoinRequest => ({
  _id: id,
  status,
  message: '',
  group_data: { group_id: `g-${id}`, group_name: group },
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: updated,
});

const status = (...requests: JoinRequest[]): JoinStatus => {
  const latest = [...requests].sort((a, b) => b.updated_at.localeCompare(a.updated_at))[0] ?? null;
  return {
    join_requests: Object.fromEntries(requests.map((r) => [r._id, r])),
    has_pending_requests: requests.some((r) => r.status === 'pending'),
    latest_status: latest?.status ?? null,
    latest_request_id: latest?._id ?? null,
  };
};

describe('joinRequest slice (spec 4.5)', () => {
  it('starts with no requests, nothing pending and no latest status', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({
      requests: {},
      latestStatus: null,
      latestRequestId: null,
      hasPendingRequests: false,
      welcome: null,
    });
  });

  it('a sent request is pending and the latest', () => {
    const state = reduce(undefined, joinRequestAdded(request('a', 'pending', '2025-02-01')));
    expect(state.hasPendingRequests).toBe(true);
    expect(state.latestStatus).toBe('pending');
    expect(state.latestRequestId).toBe('a');
    expect(pendingRequestOf(state)?.group_data.group_name).toBe('Group a');
  });

  it('removing the latest request falls back to the newest remaining one, then to none', () => {
    let state = reduce(undefined, joinStatusLoaded(status(request('old', 'joined', '2025-01-05'))));
    state = reduce(state, joinRequestAdded(request('new', 'pending', '2025-02-01')));
    state = reduce(state, joinRequestRemoved('new'));
    expect(state.requests).toEqual({ old: request('old', 'joined', '2025-01-05') });
    expect(state.latestStatus).toBe('joined');
    expect(state.latestRequestId).toBe('old');
    expect(state.hasPendingRequests).toBe(false);
    state = reduce(state, joinRequestRemoved('old'));
    expect(state.latestStatus).toBeNull();
    expect(state.latestRequestId).toBeNull();
    expect(pendingRequestOf(state)).toBeNull();
  });

  it('a known pending request coming back joined sets the welcome once', () => {
    let state = reduce(undefined, joinRequestAdded(request('a', 'pending', '2025-02-01', 'Sunrise Schools')));
    state = reduce(state, joinStatusLoaded(status(request('a', 'joined', '2025-02-02', 'Sunrise Schools'))));
    expect(state.welcome).toEqual({ requestId: 'a', groupName: 'Sunrise Schools' });
    expect(state.hasPendingRequests).toBe(false);
    expect(state.latestStatus).toBe('joined');
    state = reduce(state, welcomeShown());
    state = reduce(state, joinStatusLoaded(status(request('a', 'joined', '2025-02-02', 'Sunrise Schools'))));
    expect(state.welcome).toBeNull();
  });

  it('a request first seen already joined (another browser) does not welcome', () => {
    const state = reduce(undefined, joinStatusLoaded(status(request('a', 'joined', '2025-02-02'))));
    expect(state.welcome).toBeNull();
  });

  it('signing out forgets every request', () => {
    const state = reduce(
      reduce(undefined, joinRequestAdded(request('a', 'pending', '2025-02-01'))),
      signedOut(),
    );
    expect(state.requests).toEqual({});
    expect(state.hasPendingRequests).toBe(false);
  });
});
