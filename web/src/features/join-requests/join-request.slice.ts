import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { JoinRequest, JoinRequestStatus, JoinStatus } from '@schooliko/common/group-requests';
import { signedOut } from '../../kit/session';

/**
 * Spec 3.7 / 4.5: the signed-in director's requests to join groups, persisted (spec 9).
 * `welcome` is set when a request this client knew as pending comes back joined, so the
 * 'Join Request Approved' toast is shown exactly once, even across a reload.
 */
export type JoinRequestState = {
  requests: Record<string, JoinRequest>;
  latestStatus: JoinRequestStatus | null;
  latestRequestId: string | null;
  hasPendingRequests: boolean;
  welcome: { requestId: string; groupName: string } | null;
};

const initialState: JoinRequestState = {
  requests: {},
  latestStatus: null,
  latestRequestId: null,
  hasPendingRequests: false,
  welcome: null,
};

const anyPending = (requests: Record<string, JoinRequest>) =>
  Object.values(requests).some((r) => r.status === 'pending');

/** The most recently changed request, or null when none is left. */
export function latestOf(requests: Record<string, JoinRequest>): JoinRequest | null {
  let latest: JoinRequest | null = null;
  for (const request of Object.values(requests)) {
    if (!latest || request.updated_at > latest.updated_at) latest = request;
  }
  return latest;
}

export const joinRequestSlice = createSlice({
  name: 'joinRequest',
  initialState,
  reducers: {
    joinStatusLoaded(state, action: PayloadAction<JoinStatus>) {
      const next = action.payload.join_requests;
      for (const [id, request] of Object.entries(next)) {
        if (state.requests[id]?.status === 'pending' && request.status === 'joined') {
          state.welcome = { requestId: id, groupName: request.group_data.group_name };
        }
      }
      state.requests = next;
      state.latestStatus = action.payload.latest_status;
      state.latestRequestId = action.payload.latest_request_id;
      state.hasPendingRequests = action.payload.has_pending_requests;
    },
    joinRequestAdded(state, action: PayloadAction<JoinRequest>) {
      state.requests[action.payload._id] = action.payload;
      state.latestStatus = action.payload.status;
      state.latestRequestId = action.payload._id;
      state.hasPendingRequests = anyPending(state.requests);
    },
    /** Deleting or cancelling: gone locally; the latest status falls back to what remains. */
    joinRequestRemoved(state, action: PayloadAction<string>) {
      delete state.requests[action.payload];
      if (state.latestRequestId === action.payload) {
        const latest = latestOf(state.requests);
        state.latestStatus = latest?.status ?? null;
        state.latestRequestId = latest?._id ?? null;
      }
      state.hasPendingRequests = anyPending(state.requests);
    },
    welcomeShown(state) {
      state.welcome = null;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialState);
  },
});

export const { joinStatusLoaded, joinRequestAdded, joinRequestRemoved, welcomeShown } =
  joinRequestSlice.actions;

/** The request still waiting for a decision (the newest one, should there be several). */
export function pendingRequestOf(state: JoinRequestState): JoinRequest | null {
  const pending = Object.fromEntries(
    Object.entries(state.requests).filter(([, r]) => r.status === 'pending'),
  );
  return latestOf(pending);
}
