import type { AuthUser, Role, SessionData, SignInInput, SignUpInput } from '@schooliko/common/auth';
import type { Ok } from '@schooliko/common/http';
import { api, refreshSession } from '../../app/api';
import { signedIn, userUpdated } from './auth.slice';

type Message = { message: string | null };
/** A sign-up as teacher, student or parent is `pending` until an admin of the institute approves it. */
type SignUpAnswer = Message & { status: 'active' | 'pending' };
const withMessage = (response: Ok<unknown>): Message => ({ message: response.message ?? null });

// What a switch of role may have changed: everything cached for the old role.
const ROLE_SCOPED = [
  'Me',
  'Notifications',
  'Groups',
  'JoinRequests',
  'Institutes',
  'Domains',
  'Website',
  'Profile',
] as const;

/** Spec 7.1 under /api (DESIGN.md 4). The refresh token travels in an httpOnly cookie. */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    signIn: build.mutation<SessionData, SignInInput>({
      query: (body) => ({ url: '/auth/signin', method: 'POST', body }),
      transformResponse: (response: Ok<SessionData>) => response.data,
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(signedIn({ user: data.user, accessToken: data.tokens.accessToken }));
      },
    }),
    signUp: build.mutation<SignUpAnswer, SignUpInput>({
      query: (body) => ({ url: '/auth/signUp', method: 'POST', body }),
      transformResponse: (response: Ok<{ status?: SignUpAnswer['status'] }>) => ({
        message: response.message ?? null,
        status: response.data?.status ?? 'active',
      }),
    }),
    signOut: build.mutation<null, void>({
      query: () => ({ url: '/auth/signOut', method: 'POST', body: {} }),
      transformResponse: () => null,
    }),
    me: build.query<AuthUser, void>({
      query: () => '/auth/me',
      transformResponse: (response: Ok<AuthUser | { user: AuthUser }>) =>
        'user' in response.data ? response.data.user : response.data,
      providesTags: ['Me'],
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(userUpdated(data));
      },
    }),
    switchRole: build.mutation<SessionData, { role: Role }>({
      query: (body) => ({ url: '/auth/switch-role', method: 'POST', body }),
      transformResponse: (response: Ok<SessionData>) => response.data,
      // Refetch only once the new token is stored: the old role's token no longer works, and a
      // refetch with it would answer 401 and spend a refresh.
      async onQueryStarted(_input, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (!data) return;
        dispatch(signedIn({ user: data.user, accessToken: data.tokens.accessToken }));
        dispatch(api.util.invalidateTags([...ROLE_SCOPED]));
      },
    }),
    forgotPassword: build.mutation<Message, { email: string }>({
      query: (body) => ({ url: '/auth/forgot-password', method: 'POST', body }),
      transformResponse: withMessage,
    }),
    resetPassword: build.mutation<Message, { token: string; password: string; confirm_password: string }>({
      query: (body) => ({ url: '/auth/reset-password', method: 'POST', body }),
      transformResponse: withMessage,
    }),
    /** The token watch's silent refresh (spec 4.2): true when a new access token was stored. */
    refresh: build.mutation<boolean, void>({
      queryFn: async (_arg, queryApi) => ({ data: await refreshSession(queryApi) }),
    }),
  }),
});

export const {
  useSignInMutation,
  useSignUpMutation,
  useSignOutMutation,
  useMeQuery,
  useSwitchRoleMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useRefreshMutation,
} = authApi;
