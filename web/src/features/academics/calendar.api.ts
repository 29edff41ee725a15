import type {
  CalendarEvent,
  CalendarEventInput,
  CalendarSettings,
  DayStatus,
  Term,
  TermInput,
} from '@schooliko/common/academics/calendar';
import type { Ok } from '@schooliko/common/http';
import { api } from '../../app/api';

const withApi = api.enhanceEndpoints({
  addTagTypes: ['CalendarEvents', 'CalendarDays', 'Terms', 'CalendarSettings'],
});
type Range = { from: string; to: string };

/** The school calendar (server: modules/calendar): events, each day's state, terms and the week. */
export const calendarApi = withApi.injectEndpoints({
  endpoints: (build) => ({
    calendarEvents: build.query<CalendarEvent[], Range>({
      query: (range) => ({ url: '/calendar/events', params: range }),
      transformResponse: (r: Ok<{ items: CalendarEvent[] }>) => r.data.items,
      providesTags: ['CalendarEvents'],
    }),
    calendarDays: build.query<DayStatus[], Range>({
      query: (range) => ({ url: '/calendar/days', params: range }),
      transformResponse: (r: Ok<{ items: DayStatus[] }>) => r.data.items,
      providesTags: ['CalendarDays'],
    }),
    saveCalendarEvent: build.mutation<CalendarEvent, { id?: string; body: CalendarEventInput }>({
      query: ({ id, body }) => ({
        url: id ? `/calendar/events/${id}` : '/calendar/events',
        method: id ? 'PATCH' : 'POST',
        body,
      }),
      transformResponse: (r: Ok<CalendarEvent>) => r.data,
      invalidatesTags: ['CalendarEvents', 'CalendarDays'],
    }),
    cancelCalendarEvent: build.mutation<CalendarEvent, string>({
      query: (id) => ({ url: `/calendar/events/${id}/cancel`, method: 'POST' }),
      transformResponse: (r: Ok<CalendarEvent>) => r.data,
      invalidatesTags: ['CalendarEvents', 'CalendarDays'],
    }),
    terms: build.query<Term[], string>({
      query: (yearId) => ({ url: '/calendar/terms', params: { academic_year_id: yearId } }),
      transformResponse: (r: Ok<{ items: Term[] }>) => r.data.items,
      providesTags: ['Terms'],
    }),
    addTerm: build.mutation<Term, TermInput>({
      query: (body) => ({ url: '/calendar/terms', method: 'POST', body }),
      transformResponse: (r: Ok<Term>) => r.data,
      invalidatesTags: ['Terms'],
    }),
    calendarSettings: build.query<CalendarSettings, void>({
      query: () => '/calendar/settings',
      transformResponse: (r: Ok<CalendarSettings>) => r.data,
      providesTags: ['CalendarSettings'],
    }),
    saveCalendarSettings: build.mutation<CalendarSettings, CalendarSettings>({
      query: (body) => ({ url: '/calendar/settings', method: 'PUT', body }),
      transformResponse: (r: Ok<CalendarSettings>) => r.data,
      invalidatesTags: ['CalendarSettings', 'CalendarDays'],
    }),
  }),
});

export const {
  useCalendarEventsQuery,
  useCalendarDaysQuery,
  useSaveCalendarEventMutation,
  useCancelCalendarEventMutation,
  useTermsQuery,
  useAddTermMutation,
  useCalendarSettingsQuery,
  useSaveCalendarSettingsMutation,
} = calendarApi;
