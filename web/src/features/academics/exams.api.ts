import type {
  Analysis,
  Exam,
  ExamInput,
  ExamResult,
  GradingScale,
  GradingScaleInput,
  MarkSheet,
  MarksInput,
  SheetSummary,
} from '@schooliko/common/academics/exams';
import type { RemarkSection, RemarkSheet, RemarksInput } from '@schooliko/common/academics/remarks';
import type { Ok } from '@schooliko/common/http';
import { api } from '../../app/api';

const withApi = api.enhanceEndpoints({
  addTagTypes: ['Exams', 'GradingScales', 'MarkSheets', 'Results', 'Remarks'],
});
type Sheet = { examId: string; section_id: string; subject_id: string };

/** Exams, grading scales, the mark grid, results and report cards (server: modules/exams). */
export const examsApi = withApi.injectEndpoints({
  endpoints: (build) => ({
    exams: build.query<Exam[], void>({
      query: () => '/exams',
      transformResponse: (r: Ok<{ items: Exam[] }>) => r.data.items,
      providesTags: ['Exams'],
    }),
    createExam: build.mutation<Exam, ExamInput>({
      query: (body) => ({ url: '/exams', method: 'POST', body }),
      transformResponse: (r: Ok<Exam>) => r.data,
      invalidatesTags: ['Exams'],
    }),
    changeExamState: build.mutation<
      Exam,
      { id: string; action: 'open' | 'publish' | 'unpublish'; reason?: string }
    >({
      query: ({ id, action, reason }) => ({
        url: `/exams/${id}/${action}`,
        method: 'POST',
        ...(action === 'unpublish' ? { body: { reason } } : {}),
      }),
      transformResponse: (r: Ok<Exam>) => r.data,
      // Publishing fixes the bands of the exam's scale (grades_published).
      invalidatesTags: ['Exams', 'MarkSheets', 'Results', 'GradingScales'],
    }),
    scales: build.query<GradingScale[], void>({
      query: () => '/exams/scales',
      transformResponse: (r: Ok<{ items: GradingScale[] }>) => r.data.items,
      providesTags: ['GradingScales'],
    }),
    addScale: build.mutation<GradingScale, GradingScaleInput>({
      query: (body) => ({ url: '/exams/scales', method: 'POST', body }),
      transformResponse: (r: Ok<GradingScale>) => r.data,
      invalidatesTags: ['GradingScales'],
    }),
    changeScale: build.mutation<GradingScale, GradingScaleInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/exams/scales/${id}`, method: 'PUT', body }),
      transformResponse: (r: Ok<GradingScale>) => r.data,
      invalidatesTags: ['GradingScales'],
    }),
    sheets: build.query<SheetSummary[], string>({
      query: (examId) => `/exams/${examId}/sheets`,
      transformResponse: (r: Ok<{ items: SheetSummary[] }>) => r.data.items,
      providesTags: ['MarkSheets'],
    }),
    sheet: build.query<MarkSheet, Sheet>({
      query: ({ examId, ...params }) => ({ url: `/exams/${examId}/sheet`, params }),
      transformResponse: (r: Ok<MarkSheet>) => r.data,
      providesTags: ['MarkSheets'],
    }),
    saveMarks: build.mutation<MarkSheet, { examId: string; body: MarksInput }>({
      query: ({ examId, body }) => ({ url: `/exams/${examId}/marks`, method: 'PUT', body }),
      transformResponse: (r: Ok<MarkSheet>) => r.data,
      invalidatesTags: ['MarkSheets', 'Results'],
    }),
    analysis: build.query<Analysis, { examId: string; section_id: string }>({
      query: ({ examId, section_id }) => ({ url: `/exams/${examId}/analysis`, params: { section_id } }),
      transformResponse: (r: Ok<Analysis>) => r.data,
      providesTags: ['Results'],
    }),
    results: build.query<ExamResult[], string>({
      query: (studentId) => ({ url: '/exams/results', params: { student_id: studentId } }),
      transformResponse: (r: Ok<{ items: ExamResult[] }>) => r.data.items,
      providesTags: ['Results'],
    }),
    remarkSections: build.query<RemarkSection[], string>({
      query: (examId) => `/exams/${examId}/remark-sections`,
      transformResponse: (r: Ok<{ items: RemarkSection[] }>) => r.data.items,
      providesTags: ['Remarks'],
    }),
    remarkSheet: build.query<RemarkSheet, { examId: string; section_id: string }>({
      query: ({ examId, section_id }) => ({ url: `/exams/${examId}/remarks`, params: { section_id } }),
      transformResponse: (r: Ok<RemarkSheet>) => r.data,
      providesTags: ['Remarks'],
    }),
    saveRemarks: build.mutation<RemarkSheet, { examId: string; body: RemarksInput }>({
      query: ({ examId, body }) => ({ url: `/exams/${examId}/remarks`, method: 'PUT', body }),
      transformResponse: (r: Ok<RemarkSheet>) => r.data,
      invalidatesTags: ['Remarks'],
    }),
    startReportCards: build.mutation<{ job_id: string }, { section_id: string; term_id: string }>({
      query: (body) => ({ url: '/exams/report-cards', method: 'POST', body }),
      transformResponse: (r: Ok<{ job_id: string }>) => r.data,
    }),
  }),
});

export const reportCardPath = (studentId: string, termId?: string) =>
  `/exams/report-cards/students/${studentId}${termId ? `?term_id=${termId}` : ''}`;
export const reportCardsPath = (jobId: string) => `/exams/report-cards/${jobId}`;

export const {
  useExamsQuery,
  useCreateExamMutation,
  useChangeExamStateMutation,
  useScalesQuery,
  useAddScaleMutation,
  useChangeScaleMutation,
  useSheetsQuery,
  useSheetQuery,
  useSaveMarksMutation,
  useAnalysisQuery,
  useResultsQuery,
  useStartReportCardsMutation,
  useRemarkSectionsQuery,
  useRemarkSheetQuery,
  useSaveRemarksMutation,
} = examsApi;
