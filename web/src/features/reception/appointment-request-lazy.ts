import { lazy } from 'react';
import { loadModuleStrings } from '../../app/i18n';

/** A parent's appointment requests, loaded with reception's strings only when shown (the home page). */
export const AppointmentRequestCard = lazy(async () => {
  const [card] = await Promise.all([import('./appointment-request-card'), loadModuleStrings('reception')]);
  return card;
});
