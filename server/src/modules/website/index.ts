// The website module's public face (scripts/boundaries.mjs): other modules import it from here only.
export { assertCanManageInstitute } from './website.policy';
export { findWebsite } from './website.service';
