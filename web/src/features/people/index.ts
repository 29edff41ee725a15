// The people feature as other features use it (scripts/boundaries.mjs, feature-index).
export { formatDate } from './format';
export { HistoryList } from './history-list';
export {
  useBranchesQuery,
  useCurrentYearQuery,
  useGuardiansQuery,
  useSchoolClassesQuery,
  useSectionsQuery,
  useStaffQuery,
  useStudentsQuery,
  useYearsQuery,
} from './people.api';
export { PhotoPanel } from './photo-panel';
export { SessionChip } from './session-chip';
export { uploadPhoto } from './upload-photo';
