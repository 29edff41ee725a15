// The groups feature as other features use it (scripts/boundaries.mjs, feature-index).
export { groupTypeLabel } from './group-text';
export { useDirectorProfileQuery, useMyGroupsQuery, useSearchGroupsQuery } from './groups.api';
export { currentGroupOf, instituteGroupLoaded } from './institute-group.slice';
