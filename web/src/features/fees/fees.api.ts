import type { CollectionReport, Defaulter, DefaulterTotals } from '@schooliko/common/fees/dues';
import type {
  DuesAnswer,
  EarlierInstalments,
  FeeHead,
  FeeHeadInput,
  FeeStructure,
  FeeStructureInput,
  Payment,
  PaymentInput,
} from '@schooliko/common/fees/fees';
import type { Ok } from '@schooliko/common/http';
import { api } from '../../app/api';
import type { ListParams, Page } from '../people/people.api';

const withApi = api.enhanceEndpoints({ addTagTypes: ['FeeHeads', 'FeeStructures', 'Dues', 'Payments'] });

/** Fees (server: modules/fees): heads, structures, a student's dues, payments and receipts. */
export const feesApi = withApi.injectEndpoints({
  endpoints: (build) => ({
    feeHeads: build.query<FeeHead[], void>({
      query: () => '/fees/heads',
      transformResponse: (r: Ok<{ items: FeeHead[] }>) => r.data.items,
      providesTags: ['FeeHeads'],
    }),
    saveFeeHead: build.mutation<FeeHead, { id?: string; body: FeeHeadInput }>({
      query: ({ id, body }) => ({
        url: id ? `/fees/heads/${id}` : '/fees/heads',
        method: id ? 'PUT' : 'POST',
        body,
      }),
      transformResponse: (r: Ok<FeeHead>) => r.data,
      invalidatesTags: ['FeeHeads'],
    }),
    feeStructures: build.query<FeeStructure[], void>({
      query: () => '/fees/structures',
      transformResponse: (r: Ok<{ items: FeeStructure[] }>) => r.data.items,
      providesTags: ['FeeStructures'],
    }),
    addFeeStructure: build.mutation<FeeStructure, FeeStructureInput>({
      query: (body) => ({ url: '/fees/structures', method: 'POST', body }),
      transformResponse: (r: Ok<FeeStructure>) => r.data,
      invalidatesTags: ['FeeStructures', 'FeeHeads'],
    }),
    generateDues: build.mutation<{ job_id: string }, string[]>({
      query: (ids) => ({ url: '/fees/generate', method: 'POST', body: { structure_ids: ids } }),
      transformResponse: (r: Ok<{ job_id: string }>) => r.data,
    }),
    dues: build.query<DuesAnswer, string>({
      query: (studentId) => ({ url: '/fees/dues', params: { student_id: studentId } }),
      transformResponse: (r: Ok<DuesAnswer>) => r.data,
      providesTags: (_r, _e, id) => [{ type: 'Dues', id }],
    }),
    earlierInstalments: build.query<EarlierInstalments, string>({
      query: (studentId) => `/fees/students/${studentId}/earlier-instalments`,
      transformResponse: (r: Ok<EarlierInstalments>) => r.data,
      providesTags: (_r, _e, id) => [{ type: 'Dues', id }],
    }),
    billEarlier: build.mutation<EarlierInstalments, { studentId: string; reason: string }>({
      query: ({ studentId, reason }) => ({
        url: `/fees/students/${studentId}/earlier-instalments`,
        method: 'POST',
        body: { reason },
      }),
      invalidatesTags: (_r, _e, { studentId }) => [{ type: 'Dues', id: studentId }],
    }),
    payments: build.query<Page<Payment>, ListParams>({
      query: (params) => ({ url: '/fees/payments', params }),
      transformResponse: (r: Ok<Page<Payment>>) => r.data,
      providesTags: ['Payments'],
    }),
    collect: build.mutation<{ id: string; receipt_no: string }, PaymentInput>({
      query: (body) => ({ url: '/fees/payments', method: 'POST', body }),
      transformResponse: (r: Ok<{ id: string; receipt_no: string }>) => r.data,
      invalidatesTags: (_r, _e, body) => ['Payments', { type: 'Dues', id: body.student_id }, 'FeeStructures'],
    }),
    cancelReceipt: build.mutation<Payment, { id: string; reason: string }>({
      query: ({ id, reason }) => ({ url: `/fees/payments/${id}/cancel`, method: 'POST', body: { reason } }),
      transformResponse: (r: Ok<Payment>) => r.data,
      invalidatesTags: (r) => ['Payments', { type: 'Dues', id: r?.student_id }],
    }),
    // ---- The dues report (dues-page.tsx) and the day's collection ----
    defaulters: build.query<Page<Defaulter> & { totals: DefaulterTotals }, ListParams>({
      query: (params) => ({ url: '/fees/defaulters', params }),
      transformResponse: (r: Ok<Page<Defaulter> & { totals: DefaulterTotals }>) => r.data,
      providesTags: ['Payments'],
    }),
    collection: build.query<CollectionReport, string>({
      query: (on) => ({ url: '/fees/collection', params: { on } }),
      transformResponse: (r: Ok<CollectionReport>) => r.data,
      providesTags: ['Payments'],
    }),
  }),
});

export const {
  useFeeHeadsQuery,
  useSaveFeeHeadMutation,
  useFeeStructuresQuery,
  useAddFeeStructureMutation,
  useGenerateDuesMutation,
  useDuesQuery,
  useEarlierInstalmentsQuery,
  useBillEarlierMutation,
  usePaymentsQuery,
  useCollectMutation,
  useCancelReceiptMutation,
  useDefaultersQuery,
  useCollectionQuery,
} = feesApi;

/** The receipt's PDF path (every print after the first says DUPLICATE). */
export const receiptPath = (id: string) => `/fees/payments/${id}/receipt.pdf`;
