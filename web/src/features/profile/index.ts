// The profile feature as other features use it (scripts/boundaries.mjs, feature-index).
export { ContactFields } from './contact-fields';
export { SOCIAL_ICONS, SocialFields } from './social-fields';
export { UnsavedChangesGuard } from './unsaved-changes-guard';
export { usePincodeLookup } from './use-pincode-lookup';
