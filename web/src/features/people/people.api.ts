import type { Ok, Pagination } from '@schooliko/common/http';
import type { AuditEntry } from '@schooliko/common/people/audit';
import type { BranchList } from '@schooliko/common/people/branches';
import type { AcademicYear, SchoolClass, Section } from '@schooliko/common/people/classes';
import type { Guardian } from '@schooliko/common/people/guardians';
import type { InvitationResult, InviteKind } from '@schooliko/common/people/invitations';
import type { PhotoKind } from '@schooliko/common/people/photos';
import type { PromotionPlan } from '@schooliko/common/people/promotions';
import type { Staff } from '@schooliko/common/people/staff';
import type { AddedStudent, Student, StudentListItem } from '@schooliko/common/people/students';
import { api } from '../../app/api';

/** What the promotion screen sends for a preview and a run. */
export type PromotionBody = {
  from_year_id: string;
  to_year_id: string;
  detained_ids: string[];
  set_current: boolean;
};

/** The people records with a photo (a visitor's is taken at the reception desk). */
export type PeoplePhotoKind = Exclude<PhotoKind, 'visitors'>;
/** The cache a record kind's photo lives in: its record and its lists. */
export const PHOTO_TAGS = { students: 'Students', staff: 'Staff' } as const satisfies Record<
  PeoplePhotoKind,
  string
>;

export type Page<T> = { items: T[]; pagination: Pagination };
/** A list's query as the server reads it: page, limit, search, sort, order and the filters. */
export type ListParams = Record<string, string | number | undefined>;

const withApi = api.enhanceEndpoints({
  addTagTypes: ['Students', 'Staff', 'Guardians', 'Sections', 'Years'],
});

/** People records: students, staff, guardians, sections and years (server: modules/students …). */
export const peopleApi = withApi.injectEndpoints({
  endpoints: (build) => ({
    students: build.query<Page<StudentListItem>, ListParams>({
      query: (params) => ({ url: '/students', params }),
      transformResponse: (r: Ok<Page<StudentListItem>>) => r.data,
      providesTags: ['Students'],
    }),
    student: build.query<Student, string>({
      query: (id) => `/students/${id}`,
      transformResponse: (r: Ok<Student>) => r.data,
      providesTags: (_r, _e, id) => [{ type: 'Students', id }],
    }),
    updateStudent: build.mutation<Student, { id: string; body: Record<string, unknown> }>({
      query: ({ id, body }) => ({ url: `/students/${id}`, method: 'PATCH', body }),
      transformResponse: (r: Ok<Student>) => r.data,
      invalidatesTags: ['Students', 'Guardians'],
    }),
    addStudent: build.mutation<AddedStudent, Record<string, unknown>>({
      query: (body) => ({ url: '/students', method: 'POST', body }),
      transformResponse: (r: Ok<AddedStudent>) => r.data,
      invalidatesTags: ['Students', 'Sections', 'Guardians'],
    }),
    nextAdmissionNo: build.query<string | null, void>({
      query: () => '/students/next-admission-no',
      transformResponse: (r: Ok<{ admission_no: string | null }>) => r.data.admission_no,
      providesTags: ['Students'],
    }),
    history: build.query<AuditEntry[], { kind: 'students' | 'staff' | 'guardians'; id: string }>({
      query: ({ kind, id }) => `/${kind}/${id}/history`,
      transformResponse: (r: Ok<{ items: AuditEntry[] }>) => r.data.items,
      providesTags: ['Students', 'Staff', 'Guardians'],
    }),
    staff: build.query<Page<Staff>, ListParams>({
      query: (params) => ({ url: '/staff', params }),
      transformResponse: (r: Ok<Page<Staff>>) => r.data,
      providesTags: ['Staff'],
    }),
    staffMember: build.query<Staff, string>({
      query: (id) => `/staff/${id}`,
      transformResponse: (r: Ok<Staff>) => r.data,
      providesTags: ['Staff'],
    }),
    addStaff: build.mutation<Staff, Record<string, unknown>>({
      query: (body) => ({ url: '/staff', method: 'POST', body }),
      transformResponse: (r: Ok<Staff>) => r.data,
      invalidatesTags: ['Staff'],
    }),
    updateStaff: build.mutation<Staff, { id: string; body: Record<string, unknown> }>({
      query: ({ id, body }) => ({ url: `/staff/${id}`, method: 'PATCH', body }),
      transformResponse: (r: Ok<Staff>) => r.data,
      invalidatesTags: ['Staff'],
    }),
    guardians: build.query<Page<Guardian>, ListParams>({
      query: (params) => ({ url: '/guardians', params }),
      transformResponse: (r: Ok<Page<Guardian>>) => r.data,
      providesTags: ['Guardians'],
    }),
    removePhoto: build.mutation<Student | Staff, { kind: PeoplePhotoKind; id: string }>({
      query: ({ kind, id }) => ({ url: `/${kind}/${id}/photo`, method: 'DELETE' }),
      transformResponse: (r: Ok<Student | Staff>) => r.data,
      invalidatesTags: (_r, _e, { kind }) => [PHOTO_TAGS[kind]],
    }),
    invite: build.mutation<InvitationResult, { kind: InviteKind; ids: string[]; email?: string }>({
      query: ({ kind, ids, email }) => ({
        url: `/${kind}/invitations`,
        method: 'POST',
        body: email ? { ids, email } : { ids },
      }),
      transformResponse: (r: Ok<InvitationResult>) => r.data,
      invalidatesTags: ['Guardians', 'Students', 'Staff'],
    }),
    guardian: build.query<Guardian, string>({
      query: (id) => `/guardians/${id}`,
      transformResponse: (r: Ok<Guardian>) => r.data,
      providesTags: ['Guardians'],
    }),
    addGuardian: build.mutation<Guardian, Record<string, unknown>>({
      query: (body) => ({ url: '/guardians', method: 'POST', body }),
      transformResponse: (r: Ok<Guardian>) => r.data,
      invalidatesTags: ['Guardians', 'Students'],
    }),
    linkGuardian: build.mutation<Guardian, { studentId: string; body: Record<string, unknown> }>({
      query: ({ studentId, body }) => ({ url: `/students/${studentId}/guardians`, method: 'POST', body }),
      transformResponse: (r: Ok<Guardian>) => r.data,
      invalidatesTags: ['Guardians', 'Students'],
    }),
    unlinkGuardian: build.mutation<unknown, { studentId: string; guardianId: string }>({
      query: ({ studentId, guardianId }) => ({
        url: `/students/${studentId}/guardians/${guardianId}`,
        method: 'DELETE',
      }),
      invalidatesTags: ['Guardians', 'Students'],
    }),
    updateGuardian: build.mutation<Guardian, { id: string; body: Record<string, unknown> }>({
      query: ({ id, body }) => ({ url: `/guardians/${id}`, method: 'PATCH', body }),
      transformResponse: (r: Ok<Guardian>) => r.data,
      invalidatesTags: ['Guardians', 'Students'],
    }),
    sections: build.query<Section[], { mine?: boolean; academic_year_id?: string } | undefined>({
      query: (q) => ({
        url: '/sections',
        params: {
          ...(q?.mine ? { mine: 'true' } : {}),
          ...(q?.academic_year_id ? { academic_year_id: q.academic_year_id } : {}),
        },
      }),
      transformResponse: (r: Ok<{ items: Section[] }>) => r.data.items,
      providesTags: ['Sections'],
    }),
    /** The institute's classes (grades), for pickers of fees, calendar audiences and subjects. */
    schoolClasses: build.query<SchoolClass[], void>({
      query: () => '/classes',
      transformResponse: (r: Ok<{ items: SchoolClass[] }>) => r.data.items,
    }),
    currentYear: build.query<AcademicYear | null, void>({
      query: () => '/academic-years/current',
      transformResponse: (r: Ok<AcademicYear | null>) => r.data,
      providesTags: ['Years'],
    }),
    years: build.query<AcademicYear[], void>({
      query: () => '/academic-years',
      transformResponse: (r: Ok<{ items: AcademicYear[] }>) => r.data.items,
      providesTags: ['Years'],
    }),
    makeCurrentYear: build.mutation<AcademicYear, string>({
      query: (id) => ({ url: `/academic-years/${id}/current`, method: 'POST' }),
      transformResponse: (r: Ok<AcademicYear>) => r.data,
      invalidatesTags: ['Years', 'Sections', 'Students'],
    }),
    createYear: build.mutation<AcademicYear, { name: string; starts_on: string; ends_on: string }>({
      query: (body) => ({ url: '/academic-years', method: 'POST', body }),
      transformResponse: (r: Ok<AcademicYear>) => r.data,
      invalidatesTags: ['Years'],
    }),
    promotionPreview: build.query<PromotionPlan, PromotionBody>({
      query: (body) => ({ url: '/promotions/preview', method: 'POST', body }),
      transformResponse: (r: Ok<PromotionPlan>) => r.data,
      providesTags: ['Students', 'Sections', 'Years'],
    }),
    promote: build.mutation<{ job_id: string }, PromotionBody>({
      query: (body) => ({ url: '/promotions', method: 'POST', body }),
      transformResponse: (r: Ok<{ job_id: string }>) => r.data,
    }),
    branches: build.query<BranchList, void>({
      query: () => '/branches',
      transformResponse: (r: Ok<BranchList>) => r.data,
    }),
  }),
});

export const {
  useStudentsQuery,
  useStudentQuery,
  useUpdateStudentMutation,
  useAddStudentMutation,
  useNextAdmissionNoQuery,
  useHistoryQuery,
  useStaffQuery,
  useStaffMemberQuery,
  useAddStaffMutation,
  useUpdateStaffMutation,
  useGuardiansQuery,
  useGuardianQuery,
  useAddGuardianMutation,
  useLinkGuardianMutation,
  useUnlinkGuardianMutation,
  useUpdateGuardianMutation,
  useInviteMutation,
  useRemovePhotoMutation,
  useSectionsQuery,
  useSchoolClassesQuery,
  useCurrentYearQuery,
  useYearsQuery,
  useMakeCurrentYearMutation,
  useCreateYearMutation,
  usePromotionPreviewQuery,
  usePromoteMutation,
  useBranchesQuery,
} = peopleApi;
