// The invitations module's public face (scripts/boundaries.mjs): other modules import it from here only.
export { invitationRoute } from './invitations.routes';
