// The bdrs module's public face (scripts/boundaries.mjs): other modules import it from here only.
export { consumeGrant } from './bdrs.service';
