import type {
  BellScheduleInput,
  FreeTeacher,
  Period,
  Subject,
  SubjectInput,
  Substitution,
  SubstitutionInput,
  TimetableEntry,
  TimetableEntryInput,
} from '@schooliko/common/academics/timetable';
import type { Ok } from '@schooliko/common/http';
import { api } from '../../app/api';

const withApi = api.enhanceEndpoints({
  addTagTypes: ['Subjects', 'BellSchedule', 'Timetable', 'Substitutions'],
});

/** One view of the week: a section's, a teacher's or a room's. */
export type TimetableView = { section_id: string } | { teacher_id: string } | { room: string };
type EntryChange = Pick<TimetableEntryInput, 'subject_id' | 'teacher_id' | 'room'>;

/** Subjects, the bell schedule, the week's entries and substitutions (server: modules/timetable). */
export const timetableApi = withApi.injectEndpoints({
  endpoints: (build) => ({
    subjects: build.query<Subject[], void>({
      query: () => '/subjects',
      transformResponse: (r: Ok<{ items: Subject[] }>) => r.data.items,
      providesTags: ['Subjects'],
    }),
    saveSubject: build.mutation<Subject, { id?: string; body: SubjectInput }>({
      query: ({ id, body }) => ({
        url: id ? `/subjects/${id}` : '/subjects',
        method: id ? 'PUT' : 'POST',
        body,
      }),
      transformResponse: (r: Ok<Subject>) => r.data,
      invalidatesTags: ['Subjects', 'Timetable'],
    }),
    bellSchedule: build.query<Period[], void>({
      query: () => '/timetable/bell-schedule',
      transformResponse: (r: Ok<{ items: Period[] }>) => r.data.items,
      providesTags: ['BellSchedule'],
    }),
    saveBellSchedule: build.mutation<Period[], BellScheduleInput>({
      query: (body) => ({ url: '/timetable/bell-schedule', method: 'PUT', body }),
      transformResponse: (r: Ok<{ items: Period[] }>) => r.data.items,
      invalidatesTags: ['BellSchedule'],
    }),
    timetable: build.query<TimetableEntry[], TimetableView>({
      query: (params) => ({ url: '/timetable', params }),
      transformResponse: (r: Ok<{ items: TimetableEntry[] }>) => r.data.items,
      providesTags: ['Timetable'],
    }),
    addEntry: build.mutation<TimetableEntry, TimetableEntryInput>({
      query: (body) => ({ url: '/timetable/entries', method: 'POST', body }),
      transformResponse: (r: Ok<TimetableEntry>) => r.data,
      invalidatesTags: ['Timetable'],
    }),
    changeEntry: build.mutation<TimetableEntry, { id: string; body: EntryChange }>({
      query: ({ id, body }) => ({ url: `/timetable/entries/${id}`, method: 'PATCH', body }),
      transformResponse: (r: Ok<TimetableEntry>) => r.data,
      invalidatesTags: ['Timetable', 'Substitutions'],
    }),
    removeEntry: build.mutation<null, string>({
      query: (id) => ({ url: `/timetable/entries/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Timetable', 'Substitutions'],
    }),
    freeTeachers: build.query<FreeTeacher[], { date: string; period: number }>({
      query: (params) => ({ url: '/timetable/free-teachers', params }),
      transformResponse: (r: Ok<{ items: FreeTeacher[] }>) => r.data.items,
      providesTags: ['Substitutions'],
    }),
    substitutions: build.query<Substitution[], { date: string; teacher_id?: string }>({
      query: (params) => ({ url: '/timetable/substitutions', params }),
      transformResponse: (r: Ok<{ items: Substitution[] }>) => r.data.items,
      providesTags: ['Substitutions'],
    }),
    arrangeSubstitute: build.mutation<Substitution, SubstitutionInput>({
      query: (body) => ({ url: '/timetable/substitutions', method: 'POST', body }),
      transformResponse: (r: Ok<Substitution>) => r.data,
      invalidatesTags: ['Substitutions'],
    }),
  }),
});

export const {
  useSubjectsQuery,
  useSaveSubjectMutation,
  useBellScheduleQuery,
  useSaveBellScheduleMutation,
  useTimetableQuery,
  useAddEntryMutation,
  useChangeEntryMutation,
  useRemoveEntryMutation,
  useFreeTeachersQuery,
  useSubstitutionsQuery,
  useArrangeSubstituteMutation,
} = timetableApi;
