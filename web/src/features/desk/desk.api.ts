import type { Committee, Complaint, ComplaintInput } from '@schooliko/common/desk/complaints';
import type {
  AdmitEnquiryInput,
  Enquiry,
  EnquiryDetail,
  EnquiryInput,
  FollowUpInput,
  Funnel,
} from '@schooliko/common/desk/enquiries';
import type { PostalEntry, PostalInput } from '@schooliko/common/desk/postal';
import type { Suggestion, SuggestionInput } from '@schooliko/common/desk/suggestions';
import type { Ok } from '@schooliko/common/http';
import type { AuditEntry } from '@schooliko/common/people/audit';
import { api } from '../../app/api';

type Page<T> = { items: T[]; pagination: { page: number; limit: number; total: number; hasMore: boolean } };
type Query = Record<string, string | number>;
type Committees = {
  items: { committee: Committee; members: { staff_id: string; name: string }[] }[];
  mine: Committee[];
};

const withApi = api.enhanceEndpoints({
  addTagTypes: ['Enquiries', 'Postal', 'Complaints', 'Suggestions', 'DeskCards', 'Students'],
});

/** The desk's endpoints (server: modules/enquiries, postal, complaints, suggestions). */
export const deskApi = withApi.injectEndpoints({
  endpoints: (build) => ({
    enquiries: build.query<Page<Enquiry>, Query>({
      query: (params) => ({ url: '/admission-enquiries', params }),
      transformResponse: (r: Ok<Page<Enquiry>>) => r.data,
      providesTags: ['Enquiries'],
    }),
    enquiry: build.query<EnquiryDetail, string>({
      query: (id) => `/admission-enquiries/${id}`,
      transformResponse: (r: Ok<EnquiryDetail>) => r.data,
      providesTags: ['Enquiries'],
    }),
    enquiryHistory: build.query<AuditEntry[], string>({
      query: (id) => `/admission-enquiries/${id}/history`,
      transformResponse: (r: Ok<{ items: AuditEntry[] }>) => r.data.items,
      providesTags: ['Enquiries'],
    }),
    funnel: build.query<Funnel, void>({
      query: () => '/admission-enquiries/funnel',
      transformResponse: (r: Ok<Funnel>) => r.data,
      providesTags: ['Enquiries'],
    }),
    addEnquiry: build.mutation<EnquiryDetail, EnquiryInput>({
      query: (body) => ({ url: '/admission-enquiries', method: 'POST', body }),
      transformResponse: (r: Ok<EnquiryDetail>) => r.data,
      invalidatesTags: ['Enquiries', 'DeskCards'],
    }),
    moveEnquiry: build.mutation<EnquiryDetail, { id: string; state: string }>({
      query: ({ id, state }) => ({
        url: `/admission-enquiries/${id}/state`,
        method: 'POST',
        body: { state },
      }),
      invalidatesTags: ['Enquiries', 'DeskCards'],
    }),
    addFollowUp: build.mutation<EnquiryDetail, { id: string; body: FollowUpInput }>({
      query: ({ id, body }) => ({ url: `/admission-enquiries/${id}/follow-ups`, method: 'POST', body }),
      invalidatesTags: ['Enquiries', 'DeskCards'],
    }),
    admitEnquiry: build.mutation<{ student_id: string }, { id: string; body: AdmitEnquiryInput }>({
      query: ({ id, body }) => ({ url: `/admission-enquiries/${id}/admit`, method: 'POST', body }),
      transformResponse: (r: Ok<{ student_id: string }>) => r.data,
      invalidatesTags: ['Enquiries', 'DeskCards', 'Students'],
    }),
    postal: build.query<Page<PostalEntry>, Query>({
      query: (params) => ({ url: '/postal-records', params }),
      transformResponse: (r: Ok<Page<PostalEntry>>) => r.data,
      providesTags: ['Postal'],
    }),
    myPost: build.query<Page<PostalEntry>, Query>({
      query: (params) => ({ url: '/postal-records/mine', params }),
      transformResponse: (r: Ok<Page<PostalEntry>>) => r.data,
      providesTags: ['Postal'],
    }),
    addPostal: build.mutation<PostalEntry, PostalInput>({
      query: (body) => ({ url: '/postal-records', method: 'POST', body }),
      transformResponse: (r: Ok<PostalEntry>) => r.data,
      invalidatesTags: ['Postal'],
    }),
    cancelPostal: build.mutation<PostalEntry, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `/postal-records/${id}/cancel`, method: 'POST', body: { reason } }),
      invalidatesTags: ['Postal'],
    }),
    complaints: build.query<Page<Complaint>, Query>({
      query: (params) => ({ url: '/complaints', params }),
      transformResponse: (r: Ok<Page<Complaint>>) => r.data,
      providesTags: ['Complaints'],
    }),
    ageing: build.query<{ buckets: { bucket: string; count: number }[]; overdue: number }, void>({
      query: () => '/complaints/ageing',
      transformResponse: (r: Ok<{ buckets: { bucket: string; count: number }[]; overdue: number }>) => r.data,
      providesTags: ['Complaints'],
    }),
    addComplaint: build.mutation<Complaint, ComplaintInput>({
      query: (body) => ({ url: '/complaints', method: 'POST', body }),
      transformResponse: (r: Ok<Complaint>) => r.data,
      invalidatesTags: ['Complaints', 'DeskCards'],
    }),
    updateComplaint: build.mutation<Complaint, { id: string; body: Record<string, unknown> }>({
      query: ({ id, body }) => ({ url: `/complaints/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['Complaints', 'DeskCards'],
    }),
    committees: build.query<Committees, void>({
      query: () => '/complaints/committees',
      transformResponse: (r: Ok<Committees>) => r.data,
      providesTags: ['Complaints'],
    }),
    saveCommittee: build.mutation<Committees, { committee: Committee; staff_ids: string[] }>({
      query: (body) => ({ url: '/complaints/committees', method: 'PUT', body }),
      transformResponse: (r: Ok<Committees>) => r.data,
      invalidatesTags: ['Complaints', 'DeskCards'],
    }),
    suggestions: build.query<Page<Suggestion>, Query>({
      query: (params) => ({ url: '/suggestions', params }),
      transformResponse: (r: Ok<Page<Suggestion>>) => r.data,
      providesTags: ['Suggestions'],
    }),
    addSuggestion: build.mutation<{ id: string }, SuggestionInput>({
      query: (body) => ({ url: '/suggestions', method: 'POST', body }),
      invalidatesTags: ['Suggestions'],
    }),
    setSuggestionState: build.mutation<Suggestion, { id: string; state: string }>({
      query: ({ id, state }) => ({ url: `/suggestions/${id}/state`, method: 'POST', body: { state } }),
      invalidatesTags: ['Suggestions'],
    }),
  }),
});

export const {
  useEnquiriesQuery,
  useEnquiryQuery,
  useEnquiryHistoryQuery,
  useFunnelQuery,
  useAddEnquiryMutation,
  useMoveEnquiryMutation,
  useAddFollowUpMutation,
  useAdmitEnquiryMutation,
  usePostalQuery,
  useMyPostQuery,
  useAddPostalMutation,
  useCancelPostalMutation,
  useComplaintsQuery,
  useAgeingQuery,
  useAddComplaintMutation,
  useUpdateComplaintMutation,
  useCommitteesQuery,
  useSaveCommitteeMutation,
  useSuggestionsQuery,
  useAddSuggestionMutation,
  useSetSuggestionStateMutation,
} = deskApi;
