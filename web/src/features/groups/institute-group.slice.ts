import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Group, MyGroups } from '@schooliko/common/groups';
import { signedOut } from '../../kit/session';

/**
 * The signed-in director's current group and totals (persisted, spec 9), so the dashboard
 * paints at once after a reload while my-groups is fetched again.
 */
export type InstituteGroupState = {
  group: Group | null;
  stats: MyGroups['stats'] | null;
  fetchedAt: number;
};

const initialState: InstituteGroupState = { group: null, stats: null, fetchedAt: 0 };

/** The group the dashboard shows: the one the director profile names, else the first. */
export function currentGroupOf(
  groups: readonly Group[],
  currentGroupId: string | null | undefined,
): Group | null {
  return groups.find((g) => g._id === currentGroupId) ?? groups[0] ?? null;
}

export const instituteGroupSlice = createSlice({
  name: 'instituteGroup',
  initialState,
  reducers: {
    instituteGroupLoaded(state, action: PayloadAction<{ group: Group | null; stats: MyGroups['stats'] }>) {
      state.group = action.payload.group;
      state.stats = action.payload.stats;
      state.fetchedAt = Date.now();
    },
    instituteGroupCleared() {
      return initialState;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(signedOut, () => initialState);
  },
});

export const { instituteGroupLoaded, instituteGroupCleared } = instituteGroupSlice.actions;
