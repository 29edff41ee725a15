import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Branding } from '@schooliko/common/institutes';

/** The visited host's branding, persisted so a reload paints it at once (spec 4.7). */
export type InstituteState = { domain: string | null; data: Branding | null; fetchedAt: number };

const initialState: InstituteState = { domain: null, data: null, fetchedAt: 0 };

export const instituteSlice = createSlice({
  name: 'institute',
  initialState,
  reducers: {
    brandingLoaded(state, action: PayloadAction<{ domain: string; data: Branding }>) {
      state.domain = action.payload.domain;
      state.data = action.payload.data;
      state.fetchedAt = Date.now();
    },
    brandingCleared() {
      return initialState;
    },
  },
});

export const { brandingLoaded, brandingCleared } = instituteSlice.actions;
