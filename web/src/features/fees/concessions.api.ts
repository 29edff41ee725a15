import type {
  ConcessionRequest,
  ConcessionRequestInput,
  ConcessionRule,
  ConcessionRuleInput,
  RteReport,
} from '@schooliko/common/fees/concessions';
import type { FineRule, FineRuleInput } from '@schooliko/common/fees/fine';
import type { Ok } from '@schooliko/common/http';
import { api } from '../../app/api';

const withApi = api.enhanceEndpoints({ addTagTypes: ['Concessions', 'FineRule', 'Dues', 'Rte'] });

/** Concession rules and requests, the RTE claim, the fine rule (server: fees/concessions.routes). */
export const concessionsApi = withApi.injectEndpoints({
  endpoints: (build) => ({
    concessionRules: build.query<ConcessionRule[], void>({
      query: () => '/fees/concessions/rules',
      transformResponse: (r: Ok<{ items: ConcessionRule[] }>) => r.data.items,
      providesTags: ['Concessions'],
    }),
    addConcessionRule: build.mutation<ConcessionRule, ConcessionRuleInput>({
      query: (body) => ({ url: '/fees/concessions/rules', method: 'POST', body }),
      invalidatesTags: ['Concessions', 'Dues', 'Rte'],
    }),
    reviewConcessionRule: build.mutation<ConcessionRule, { id: string; decision: 'approved' | 'rejected' }>({
      query: ({ id, decision }) => ({
        url: `/fees/concessions/rules/${id}/review`,
        method: 'POST',
        body: { decision },
      }),
      invalidatesTags: ['Concessions', 'Dues', 'Rte'],
    }),
    concessionRequests: build.query<ConcessionRequest[], void>({
      query: () => '/fees/concessions/requests',
      transformResponse: (r: Ok<{ items: ConcessionRequest[] }>) => r.data.items,
      providesTags: ['Concessions'],
    }),
    askConcession: build.mutation<ConcessionRequest, ConcessionRequestInput>({
      query: (body) => ({ url: '/fees/concessions/requests', method: 'POST', body }),
      invalidatesTags: ['Concessions'],
    }),
    reviewConcession: build.mutation<ConcessionRequest, { id: string; decision: 'approved' | 'rejected' }>({
      query: ({ id, decision }) => ({
        url: `/fees/concessions/requests/${id}/review`,
        method: 'POST',
        body: { decision },
      }),
      invalidatesTags: ['Concessions', 'Dues'],
    }),
    rteClaim: build.query<RteReport, void>({
      query: () => '/fees/concessions/rte-claim',
      transformResponse: (r: Ok<RteReport>) => r.data,
      providesTags: ['Rte'],
    }),
    saveRteCost: build.mutation<unknown, number>({
      query: (paise) => ({
        url: '/fees/concessions/rte-settings',
        method: 'PUT',
        body: { per_child_cost_paise: paise },
      }),
      invalidatesTags: ['Rte'],
    }),
    fineRule: build.query<FineRule | null, void>({
      query: () => '/fees/fine-rule',
      transformResponse: (r: Ok<FineRule | null>) => r.data,
      providesTags: ['FineRule'],
    }),
    saveFineRule: build.mutation<FineRule, FineRuleInput>({
      query: (body) => ({ url: '/fees/fine-rule', method: 'PUT', body }),
      invalidatesTags: ['FineRule', 'Dues'],
    }),
  }),
});

export const {
  useConcessionRulesQuery,
  useAddConcessionRuleMutation,
  useConcessionRequestsQuery,
  useAskConcessionMutation,
  useReviewConcessionMutation,
  useReviewConcessionRuleMutation,
  useRteClaimQuery,
  useSaveRteCostMutation,
  useFineRuleQuery,
  useSaveFineRuleMutation,
} = concessionsApi;

/** A student's 80C certificate for the financial year. */
export const certificatePath = (studentId: string) => `/fees/students/${studentId}/80c.pdf`;
