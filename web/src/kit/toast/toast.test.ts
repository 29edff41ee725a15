import { describe, expect, it } from 'vitest';
import { clearToast, hideToast, showToast, toast, toastSlice } from './toast.slice';

const reduce = toastSlice.reducer;

describe('toast slice (spec 4.3)', () => {
  it('starts closed with severity info', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({
      open: false,
      message: '',
      severity: 'info',
      title: null,
      mandateClose: false,
      placement: 'top',
      brief: false,
      id: 0,
    });
  });

  it('showToast opens it with the given content, hide closes it, clear resets it', () => {
    let state = reduce(undefined, showToast({ message: 'Saved', severity: 'success', title: 'Done' }));
    expect(state).toMatchObject({ open: true, message: 'Saved', severity: 'success', title: 'Done', id: 1 });
    state = reduce(state, hideToast());
    expect(state).toMatchObject({ open: false, message: 'Saved', severity: 'success' });
    state = reduce(state, clearToast());
    expect(state).toEqual({
      open: false,
      message: '',
      severity: 'info',
      title: null,
      mandateClose: false,
      placement: 'top',
      brief: false,
      id: 1,
    });
  });

  it('each helper sets its severity and leaves the title to the default unless given', () => {
    expect(toast.success('a').payload).toEqual({
      message: 'a',
      severity: 'success',
      title: null,
      mandateClose: false,
      placement: 'top',
      brief: false,
    });
    expect(toast.error('b', { title: 'Sign In Failed' }).payload).toEqual({
      message: 'b',
      severity: 'error',
      title: 'Sign In Failed',
      mandateClose: false,
      placement: 'top',
      brief: false,
    });
    expect(toast.warning('c').payload.severity).toBe('warning');
    expect(toast.info('d', { mandateClose: true }).payload).toMatchObject({
      severity: 'info',
      mandateClose: true,
    });
  });

  it('a toast may open at the bottom, and the next one is at the top again', () => {
    const bottom = reduce(undefined, toast.success('Approved', { placement: 'bottom' }));
    expect(bottom.placement).toBe('bottom');
    expect(reduce(bottom, toast.info('next')).placement).toBe('top');
  });

  it('a brief toast (a redirect under way) is brief only itself: the next one stays its 6 s', () => {
    const brief = reduce(undefined, toast.success('Redirecting...', { brief: true }));
    expect(brief.brief).toBe(true);
    expect(reduce(brief, toast.info('next')).brief).toBe(false);
  });

  it('a new toast gets a new id so its timer restarts', () => {
    const first = reduce(undefined, toast.info('one'));
    const second = reduce(first, toast.info('two'));
    expect(second.id).toBe(first.id + 1);
  });
});
