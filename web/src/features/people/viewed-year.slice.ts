import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/**
 * The academic year an admin is looking at (the session chip's menu). Null: the institute's
 * current year. Not saved: a reload returns to the current year, where records can be changed.
 */
export type ViewedYearState = { id: string | null; name: string | null };

const initialState: ViewedYearState = { id: null, name: null };

export const viewedYearSlice = createSlice({
  name: 'viewedYear',
  initialState,
  reducers: {
    viewYear: (_state, action: PayloadAction<ViewedYearState>) => action.payload,
    viewCurrentYear: () => initialState,
  },
});

export const { viewYear, viewCurrentYear } = viewedYearSlice.actions;
