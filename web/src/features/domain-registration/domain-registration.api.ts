import type { BdrFetchData, VerifyOtpData, VerifyOtpInput } from '@schooliko/common/bdrs';
import type { DomainRegistrationInput, RegistrationSettings } from '@schooliko/common/domains';
import type { Ok } from '@schooliko/common/http';
import { api } from '../../app/api';

export type DomainCheck = { exists: boolean; message: string };
export type Registered = { institute_id: string; domain_name: string; url: string; subdomain: string | null };

/** Spec 7.6 under /api: BDR verification, domain availability and registration. */
export const domainRegistrationApi = api.injectEndpoints({
  endpoints: (build) => ({
    registrationSettings: build.query<RegistrationSettings, void>({
      query: () => '/domains/registration-settings',
      transformResponse: (response: Ok<RegistrationSettings>) => response.data,
    }),
    // Sending a code and checking a domain are GETs with effects or fresh answers: never cached.
    sendOtp: build.mutation<Ok<BdrFetchData>, string>({
      query: (bdrId) => ({ url: '/bdrs/fetch', params: { bdr_id: bdrId } }),
    }),
    verifyOtp: build.mutation<Ok<VerifyOtpData>, VerifyOtpInput>({
      query: (body) => ({ url: '/bdrs/verify-otp', method: 'POST', body }),
    }),
    checkDomain: build.mutation<DomainCheck, string>({
      query: (domain) => ({ url: '/domains/check-domain', params: { domain_name: domain } }),
    }),
    registerDomain: build.mutation<Ok<Registered>, DomainRegistrationInput>({
      query: (body) => ({ url: '/domains/domain-register', method: 'POST', body }),
      invalidatesTags: ['Domains', 'Institutes'],
    }),
  }),
});

export const {
  useRegistrationSettingsQuery,
  useSendOtpMutation,
  useVerifyOtpMutation,
  useCheckDomainMutation,
  useRegisterDomainMutation,
} = domainRegistrationApi;
