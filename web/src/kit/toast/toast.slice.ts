import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type ToastSeverity = 'success' | 'error' | 'warning' | 'info';

/**
 * Spec 3.3 and 4.3. `title` null means the severity's default title (Success, Error, Warning,
 * Info, translated when shown). `id` changes with every toast so its timer and bar restart;
 * `mandateClose` keeps it open until its close button is pressed. `placement` 'bottom' keeps it
 * off what opens under the top bar (the notification panel's header).
 */
export type ToastState = {
  open: boolean;
  message: string;
  severity: ToastSeverity;
  title: string | null;
  mandateClose: boolean;
  placement: ToastPlacement;
  /** A notice of something already under way ("Redirecting…"): gone soon after, not over the next page. */
  brief: boolean;
  id: number;
};
export type ToastPlacement = 'top' | 'bottom';

export type ToastInput = {
  message: string;
  severity?: ToastSeverity;
  title?: string | null;
  mandateClose?: boolean;
  placement?: ToastPlacement;
  brief?: boolean;
};

const initialState: ToastState = {
  open: false,
  message: '',
  severity: 'info',
  title: null,
  mandateClose: false,
  placement: 'top',
  brief: false,
  id: 0,
};

export const toastSlice = createSlice({
  name: 'toast',
  initialState,
  reducers: {
    showToast(state, action: PayloadAction<ToastInput>) {
      state.open = true;
      state.message = action.payload.message;
      state.severity = action.payload.severity ?? 'info';
      state.title = action.payload.title ?? null;
      state.mandateClose = action.payload.mandateClose ?? false;
      state.placement = action.payload.placement ?? 'top';
      state.brief = action.payload.brief ?? false;
      state.id += 1;
    },
    hideToast(state) {
      state.open = false;
    },
    clearToast(state) {
      return { ...initialState, id: state.id };
    },
  },
});

export const { showToast, hideToast, clearToast } = toastSlice.actions;

type Options = { title?: string; mandateClose?: boolean; placement?: ToastPlacement; brief?: boolean };
const helper =
  (severity: ToastSeverity) =>
  (message: string, options: Options = {}) =>
    showToast({
      message,
      severity,
      title: options.title ?? null,
      mandateClose: options.mandateClose ?? false,
      placement: options.placement ?? 'top',
      brief: options.brief ?? false,
    });

/** Spec 4.3: `dispatch(toast.error('…', { title: 'Sign In Failed' }))`; default titles by severity. */
export const toast = {
  success: helper('success'),
  error: helper('error'),
  warning: helper('warning'),
  info: helper('info'),
};
