import type { AccountInput, ChangePasswordInput } from '@schooliko/common/account';
import type { AuthUser } from '@schooliko/common/auth';
import type { Ok } from '@schooliko/common/http';
import { api } from '../../app/api';
import { userUpdated } from '../auth';

/** Profile Settings (spec 2.5): the signed-in person's own details and password. */
export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    saveAccount: build.mutation<{ message: string; user: AuthUser }, AccountInput>({
      query: (body) => ({ url: '/auth/me', method: 'PUT', body }),
      transformResponse: (response: Ok<AuthUser>) => ({
        message: response.message ?? '',
        user: response.data,
      }),
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(userUpdated(data.user));
      },
    }),
    removeAccountPhoto: build.mutation<AuthUser, void>({
      query: () => ({ url: '/auth/me/photo', method: 'DELETE' }),
      transformResponse: (response: Ok<AuthUser>) => response.data,
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(userUpdated(data));
      },
    }),
    changePassword: build.mutation<{ message: string }, ChangePasswordInput>({
      query: (body) => ({ url: '/auth/change-password', method: 'POST', body }),
      transformResponse: (response: Ok<null>) => ({ message: response.message ?? '' }),
    }),
  }),
});

export const { useSaveAccountMutation, useChangePasswordMutation, useRemoveAccountPhotoMutation } =
  accountApi;
