import type { FlaggedPayment, RefundInput } from '@schooliko/common/fees/refunds';
import type { Ok } from '@schooliko/common/http';
import { feesApi } from './fees.api';

const withTags = feesApi.enhanceEndpoints({ addTagTypes: ['FlaggedPayments'] });

/** Flagged online payments and their refund (server: modules/fees/refunds.routes.ts). */
export const refundsApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    flaggedPayments: build.query<FlaggedPayment[], void>({
      query: () => '/fees/online/flagged',
      transformResponse: (r: Ok<{ items: FlaggedPayment[] }>) => r.data.items,
      providesTags: ['FlaggedPayments', 'Payments'],
    }),
    refundPayment: build.mutation<FlaggedPayment, RefundInput>({
      query: (body) => ({ url: '/fees/online/refunds', method: 'POST', body }),
      transformResponse: (r: Ok<FlaggedPayment>) => r.data,
      invalidatesTags: ['FlaggedPayments'],
    }),
  }),
});

export const { useFlaggedPaymentsQuery, useRefundPaymentMutation } = refundsApi;
