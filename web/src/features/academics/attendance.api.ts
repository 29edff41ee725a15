import type {
  AttendanceCode,
  AttendanceDay,
  AttendanceSaved,
  AttendanceSettings,
  EditRequest,
  Register,
  StudentMonth,
  StudentPercent,
} from '@schooliko/common/academics/attendance';
import type { Ok, Pagination } from '@schooliko/common/http';
import { api } from '../../app/api';

const withApi = api.enhanceEndpoints({ addTagTypes: ['Attendance', 'AttendanceRequests'] });

export type Absentee = {
  student_id: string;
  name: string;
  roll_no: string;
  section_id: string;
  section_label: string;
  status: AttendanceCode;
};
type Page<T> = { items: T[]; pagination: Pagination };
export type SaveAttendance = {
  section_id: string;
  date: string;
  entries: { student_id: string; status: AttendanceCode }[];
};

/** Taking attendance, the register, its lists and edit requests (server: modules/attendance). */
export const attendanceApi = withApi.injectEndpoints({
  endpoints: (build) => ({
    attendanceDay: build.query<AttendanceDay, { section_id: string; date: string }>({
      query: (params) => ({ url: '/attendance', params }),
      transformResponse: (r: Ok<AttendanceDay>) => r.data,
      providesTags: ['Attendance'],
    }),
    saveAttendance: build.mutation<Ok<AttendanceSaved>, SaveAttendance>({
      query: (body) => ({ url: '/attendance', method: 'POST', body }),
      invalidatesTags: ['Attendance', 'AttendanceRequests'],
    }),
    attendanceToTake: build.query<{ section_id: string; label: string; marked: boolean }[], void>({
      query: () => '/attendance/today',
      transformResponse: (r: Ok<{ items: { section_id: string; label: string; marked: boolean }[] }>) =>
        r.data.items,
      providesTags: ['Attendance'],
    }),
    register: build.query<Register, { section_id: string; month: string }>({
      query: (params) => ({ url: '/attendance/register', params }),
      transformResponse: (r: Ok<Register>) => r.data,
      providesTags: ['Attendance'],
    }),
    lowAttendance: build.query<
      Page<StudentPercent>,
      { from: string; to: string; threshold: number; page: number; limit: number }
    >({
      query: (params) => ({ url: '/attendance/low', params }),
      transformResponse: (r: Ok<Page<StudentPercent>>) => r.data,
      providesTags: ['Attendance'],
    }),
    absentees: build.query<Absentee[], { date: string }>({
      query: (params) => ({ url: '/attendance/absentees', params }),
      transformResponse: (r: Ok<{ items: Absentee[] }>) => r.data.items,
      providesTags: ['Attendance'],
    }),
    editRequests: build.query<Page<EditRequest>, { status: 'pending' | 'approved' | 'rejected' }>({
      query: (params) => ({ url: '/attendance/requests', params: { ...params, limit: 50 } }),
      transformResponse: (r: Ok<Page<EditRequest>>) => r.data,
      providesTags: ['AttendanceRequests'],
    }),
    decideEditRequest: build.mutation<EditRequest, { id: string; decision: 'approve' | 'reject' }>({
      query: ({ id, decision }) => ({
        url: `/attendance/requests/${id}/${decision}`,
        method: 'POST',
        body: {},
      }),
      transformResponse: (r: Ok<EditRequest>) => r.data,
      invalidatesTags: ['Attendance', 'AttendanceRequests'],
    }),
    attendanceSettings: build.query<AttendanceSettings, void>({
      query: () => '/attendance/settings',
      transformResponse: (r: Ok<AttendanceSettings>) => r.data,
      providesTags: ['Attendance'],
    }),
    saveAttendanceSettings: build.mutation<AttendanceSettings, AttendanceSettings>({
      query: (body) => ({ url: '/attendance/settings', method: 'PUT', body }),
      transformResponse: (r: Ok<AttendanceSettings>) => r.data,
      invalidatesTags: ['Attendance'],
    }),
    studentMonth: build.query<StudentMonth, { id: string; month: string }>({
      query: ({ id, month }) => ({ url: `/attendance/students/${id}`, params: { month } }),
      transformResponse: (r: Ok<StudentMonth>) => r.data,
      providesTags: ['Attendance'],
    }),
  }),
});

export const {
  useAttendanceDayQuery,
  useSaveAttendanceMutation,
  useAttendanceToTakeQuery,
  useRegisterQuery,
  useLowAttendanceQuery,
  useAbsenteesQuery,
  useEditRequestsQuery,
  useDecideEditRequestMutation,
  useStudentMonthQuery,
  useAttendanceSettingsQuery,
  useSaveAttendanceSettingsMutation,
} = attendanceApi;
