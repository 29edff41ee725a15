import type {
  Assignment,
  AssignmentInput,
  AssignmentListItem,
  AssignmentPatch,
  HomeworkFile,
  MarkInput,
  PupilAssignment,
  RosterItem,
  SubmissionInput,
  Teaching,
} from '@schooliko/common/academics/homework';
import type { Ok, Pagination } from '@schooliko/common/http';
import { api } from '../../../app/api';
import type { AppDispatch, RootState } from '../../../app/store';
import { postFormSignedIn } from '../../../app/upload-form';

const withApi = api.enhanceEndpoints({ addTagTypes: ['Homework', 'HomeworkRoster'] });

export type Page<T> = { items: T[]; pagination: Pagination };
export type HomeworkListParams = {
  page?: number;
  limit?: number;
  mine?: 'true';
  when?: 'upcoming' | 'overdue' | 'past';
  section_id?: string;
  subject_id?: string;
  state?: string;
  search?: string;
};
export type PupilListParams = {
  page?: number;
  limit?: number;
  student_id?: string;
  status?: 'pending' | 'submitted' | 'late' | 'marked';
  when?: 'upcoming' | 'overdue' | 'past';
};

/** Homework (server: modules/homework). */
export const homeworkApi = withApi.injectEndpoints({
  endpoints: (build) => ({
    homeworkList: build.query<Page<AssignmentListItem>, HomeworkListParams>({
      query: (params) => ({ url: '/homework', params }),
      transformResponse: (r: Ok<Page<AssignmentListItem>>) => r.data,
      providesTags: ['Homework'],
    }),
    pupilHomework: build.query<Page<PupilAssignment>, PupilListParams>({
      query: (params) => ({ url: '/homework/own', params }),
      transformResponse: (r: Ok<Page<PupilAssignment>>) => r.data,
      providesTags: ['Homework'],
    }),
    teaching: build.query<Teaching[], void>({
      query: () => '/homework/teaching',
      transformResponse: (r: Ok<{ items: Teaching[] }>) => r.data.items,
    }),
    assignment: build.query<Assignment, { id: string; student_id?: string }>({
      query: ({ id, student_id }) => ({ url: `/homework/${id}`, params: student_id ? { student_id } : {} }),
      transformResponse: (r: Ok<Assignment>) => r.data,
      providesTags: ['Homework'],
    }),
    roster: build.query<RosterItem[], string>({
      query: (id) => `/homework/${id}/roster`,
      transformResponse: (r: Ok<{ items: RosterItem[] }>) => r.data.items,
      providesTags: ['HomeworkRoster'],
    }),
    setHomework: build.mutation<Assignment, Partial<AssignmentInput>>({
      query: (body) => ({ url: '/homework', method: 'POST', body }),
      transformResponse: (r: Ok<Assignment>) => r.data,
      invalidatesTags: ['Homework'],
    }),
    changeHomework: build.mutation<Assignment, { id: string; body: Partial<AssignmentPatch> }>({
      query: ({ id, body }) => ({ url: `/homework/${id}`, method: 'PATCH', body }),
      transformResponse: (r: Ok<Assignment>) => r.data,
      invalidatesTags: ['Homework'],
    }),
    publishHomework: build.mutation<Assignment, string>({
      query: (id) => ({ url: `/homework/${id}/publish`, method: 'POST' }),
      transformResponse: (r: Ok<Assignment>) => r.data,
      invalidatesTags: ['Homework'],
    }),
    cancelHomework: build.mutation<Assignment, string>({
      query: (id) => ({ url: `/homework/${id}/cancel`, method: 'POST' }),
      transformResponse: (r: Ok<Assignment>) => r.data,
      invalidatesTags: ['Homework'],
    }),
    submitWork: build.mutation<Assignment, { id: string; body: Partial<SubmissionInput> }>({
      query: ({ id, body }) => ({ url: `/homework/${id}/submission`, method: 'POST', body }),
      transformResponse: (r: Ok<Assignment>) => r.data,
      invalidatesTags: ['Homework'],
    }),
    markWork: build.mutation<RosterItem, { id: string; body: Partial<MarkInput> }>({
      query: ({ id, body }) => ({ url: `/homework/submissions/${id}/mark`, method: 'POST', body }),
      transformResponse: (r: Ok<RosterItem>) => r.data,
      invalidatesTags: ['HomeworkRoster', 'Homework'],
    }),
  }),
});

export const {
  useHomeworkListQuery,
  usePupilHomeworkQuery,
  useTeachingQuery,
  useAssignmentQuery,
  useRosterQuery,
  useSetHomeworkMutation,
  useChangeHomeworkMutation,
  usePublishHomeworkMutation,
  useCancelHomeworkMutation,
  useSubmitWorkMutation,
  useMarkWorkMutation,
} = homeworkApi;

type Store = { dispatch: AppDispatch; getState: () => RootState };

/** A refused upload: the server's failure body (message, code, params). */
export class HomeworkUploadError extends Error {
  constructor(readonly body: Record<string, unknown> | null) {
    super(String(body?.message ?? 'upload failed'));
  }
}

/** Uploads one file to attach (POST /api/homework/files) with its progress. */
export async function uploadHomeworkFile(
  file: File,
  store: Store,
  onProgress: (percent: number) => void,
): Promise<HomeworkFile> {
  const outcome = await postFormSignedIn('/api/homework/files', { field: 'file', file }, store, onProgress);
  const data = outcome.body?.data as HomeworkFile | undefined;
  if (outcome.status === 201 && data) return data;
  throw new HomeworkUploadError(outcome.body);
}

/** Opens (PDF, pictures) or downloads a file: fetched with the session's token, shown from memory. */
export async function openHomeworkFile(file: HomeworkFile, store: Store): Promise<boolean> {
  const token = store.getState().auth.accessToken;
  const response = await fetch(`/api/homework/files/${file.id}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!response.ok) return false;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  if (file.content_type === 'application/pdf' || file.content_type.startsWith('image/'))
    link.target = '_blank';
  else link.download = file.name;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return true;
}
