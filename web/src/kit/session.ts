import { createAction } from '@reduxjs/toolkit';

/**
 * The session ended (signed out, or the refresh refused): every slice that holds a person's state
 * empties itself on it. Declared in the kit, not in the auth feature, so that a slice needs no
 * feature to hear it (a slice is in the store's first chunk, and a feature's index would bring
 * the whole feature there).
 */
export const signedOut = createAction('auth/signedOut');
