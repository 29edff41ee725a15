import type { Ok } from '@schooliko/common/http';
import type { Branding } from '@schooliko/common/institutes';
import { type PincodePlace, placeFromAnswer } from '@schooliko/common/pincode';
import type { Profile, ProfileInput } from '@schooliko/common/profile';
import type { BrandingUpdateInput } from '@schooliko/common/profile-branding';
import { api } from '../../app/api';

export type ProfileState = Profile & { updated_at: string | null };

/** Spec 2.10 / 7.7: the institute's contact information and the pincode lookup. */
export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    profile: build.query<ProfileState, void>({
      query: () => '/profile',
      transformResponse: (response: Ok<ProfileState>) => response.data,
      providesTags: ['Profile'],
    }),
    saveProfile: build.mutation<{ message: string; data: ProfileState }, ProfileInput>({
      query: (body) => ({ url: '/profile', method: 'PUT', body }),
      transformResponse: (response: Ok<ProfileState>) => ({
        message: response.message ?? '',
        data: response.data,
      }),
      invalidatesTags: ['Profile', 'Website'],
    }),
    /** Name, slogan, logo, cover and role images; answers the institute's new branding. */
    saveBranding: build.mutation<{ message: string; data: Branding }, BrandingUpdateInput>({
      query: (body) => ({ url: '/profile/branding', method: 'PUT', body }),
      transformResponse: (response: Ok<Branding>) => ({
        message: response.message ?? '',
        data: response.data,
      }),
      invalidatesTags: ['Website'],
    }),
    /** City and state of a 6-digit pincode, or null when no post office is known. */
    pincodePlace: build.query<PincodePlace | null, string>({
      query: (pincode) => `/pincode/${encodeURIComponent(pincode)}`,
      transformResponse: (response: unknown) => placeFromAnswer(response),
      keepUnusedDataFor: 600,
    }),
  }),
});

export const { useProfileQuery, useSaveProfileMutation, useSaveBrandingMutation, useLazyPincodePlaceQuery } =
  profileApi;
