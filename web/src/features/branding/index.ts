// The branding feature as other features use it (scripts/boundaries.mjs, feature-index).
export { isBootShellShown, takeBootPublicSite, useBootShellDone } from './boot-data';
export { brandingApi } from './branding.api';
export { brandingLoaded } from './institute.slice';
export { useBranding } from './use-branding';
