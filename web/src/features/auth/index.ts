// The auth feature as other features use it (scripts/boundaries.mjs, feature-index).
export { ROUTE_ROLES } from './access';
export { useMeQuery, useSwitchRoleMutation } from './auth.api';
export { userUpdated } from './auth.slice';
export { LanguageSelect } from './language-select';
export { RhfPasswordField } from './password-field';
export { tokenExpiry } from './token';
export { useSignOut } from './use-sign-out';
