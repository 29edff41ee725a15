import type { ConcessionRule, ConcessionRulePatch, RegisterEntry } from '@schooliko/common/fees/concessions';
import type {
  CarryForwardInput,
  CarryForwardPreview,
  ExamFee,
  ExamFeeInput,
} from '@schooliko/common/fees/exams';
import type { BounceInput, Payment } from '@schooliko/common/fees/fees';
import type { Ok } from '@schooliko/common/http';
import { api } from '../../app/api';
import type { ListParams, Page } from '../people/people.api';

const withApi = api.enhanceEndpoints({
  addTagTypes: ['ExamFees', 'Dues', 'Payments', 'Concessions', 'Register', 'BounceFine', 'CarryForward'],
});

export type RegisterParams = ListParams & { class_id?: string; basis?: string; head_id?: string };

/** Exam fees, carry-forward, cheque bounce, concession rule changes and the register (server: exam-fees.routes). */
export const examFeesApi = withApi.injectEndpoints({
  endpoints: (build) => ({
    examFees: build.query<Page<ExamFee>, ListParams>({
      query: (params) => ({ url: '/fees/exam-fees', params }),
      transformResponse: (r: Ok<Page<ExamFee>>) => r.data,
      providesTags: ['ExamFees'],
    }),
    addExamFee: build.mutation<{ item: ExamFee; job_id: string }, ExamFeeInput>({
      query: (body) => ({ url: '/fees/exam-fees', method: 'POST', body }),
      transformResponse: (r: Ok<{ item: ExamFee; job_id: string }>) => r.data,
      invalidatesTags: ['ExamFees'],
    }),
    billExamFee: build.mutation<{ job_id: string }, string>({
      query: (id) => ({ url: `/fees/exam-fees/${id}/bill`, method: 'POST' }),
      transformResponse: (r: Ok<{ job_id: string }>) => r.data,
    }),
    carryPreview: build.query<CarryForwardPreview, CarryForwardInput>({
      query: (params) => ({ url: '/fees/carry-forward', params }),
      transformResponse: (r: Ok<CarryForwardPreview>) => r.data,
      providesTags: ['CarryForward'],
    }),
    carryForward: build.mutation<{ job_id: string }, CarryForwardInput>({
      query: (body) => ({ url: '/fees/carry-forward', method: 'POST', body }),
      transformResponse: (r: Ok<{ job_id: string }>) => r.data,
    }),
    bounceFine: build.query<number, void>({
      query: () => '/fees/bounce-fine',
      transformResponse: (r: Ok<{ amount_paise: number }>) => r.data.amount_paise,
      providesTags: ['BounceFine'],
    }),
    saveBounceFine: build.mutation<unknown, number>({
      query: (paise) => ({ url: '/fees/bounce-fine', method: 'PUT', body: { amount_paise: paise } }),
      invalidatesTags: ['BounceFine'],
    }),
    bounceCheque: build.mutation<Payment, { id: string } & BounceInput>({
      query: ({ id, ...body }) => ({ url: `/fees/payments/${id}/bounce`, method: 'POST', body }),
      transformResponse: (r: Ok<Payment>) => r.data,
      invalidatesTags: (r) => ['Payments', { type: 'Dues', id: r?.student_id }],
    }),
    changeConcessionRule: build.mutation<ConcessionRule, { id: string } & ConcessionRulePatch>({
      query: ({ id, ...body }) => ({ url: `/fees/concessions/rules/${id}`, method: 'PATCH', body }),
      invalidatesTags: ['Concessions', 'Dues', 'Register'],
    }),
    deactivateConcessionRule: build.mutation<ConcessionRule, string>({
      query: (id) => ({ url: `/fees/concessions/rules/${id}/deactivate`, method: 'POST' }),
      invalidatesTags: ['Concessions'],
    }),
    concessionRegister: build.query<Page<RegisterEntry> & { total_paise: number }, RegisterParams>({
      query: (params) => ({ url: '/fees/concessions/register', params }),
      transformResponse: (r: Ok<Page<RegisterEntry> & { total_paise: number }>) => r.data,
      providesTags: ['Register', 'Concessions'],
    }),
  }),
});

export const {
  useExamFeesQuery,
  useAddExamFeeMutation,
  useBillExamFeeMutation,
  useCarryPreviewQuery,
  useCarryForwardMutation,
  useBounceFineQuery,
  useSaveBounceFineMutation,
  useBounceChequeMutation,
  useChangeConcessionRuleMutation,
  useDeactivateConcessionRuleMutation,
  useConcessionRegisterQuery,
} = examFeesApi;
