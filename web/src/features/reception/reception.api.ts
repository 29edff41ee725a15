import type { Ok } from '@schooliko/common/http';
import type {
  Appointment,
  AppointmentInput,
  AppointmentRequest,
  Host,
} from '@schooliko/common/reception/appointments';
import type { Pickup, PickupInput, Visitor, VisitorInput } from '@schooliko/common/reception/visitors';
import { api } from '../../app/api';
import type { ListParams, Page } from '../people/people.api';

const withApi = api.enhanceEndpoints({ addTagTypes: ['Visitors', 'Pickups', 'Appointments'] });

/** Reception (server: modules/reception): visitors and their passes, pick-ups, appointments. */
export const receptionApi = withApi.injectEndpoints({
  endpoints: (build) => ({
    visitors: build.query<Page<Visitor>, ListParams>({
      query: (params) => ({ url: '/visitors', params }),
      transformResponse: (r: Ok<Page<Visitor>>) => r.data,
      providesTags: ['Visitors'],
    }),
    checkIn: build.mutation<Visitor, Partial<VisitorInput>>({
      query: (body) => ({ url: '/visitors', method: 'POST', body }),
      transformResponse: (r: Ok<Visitor>) => r.data,
      invalidatesTags: ['Visitors'],
    }),
    checkOut: build.mutation<Visitor, string>({
      query: (id) => ({ url: `/visitors/${id}/check-out`, method: 'POST' }),
      transformResponse: (r: Ok<Visitor>) => r.data,
      invalidatesTags: ['Visitors'],
    }),
    checkOutByCode: build.mutation<Visitor, string>({
      query: (code) => ({ url: '/visitors/check-out', method: 'POST', body: { code } }),
      transformResponse: (r: Ok<Visitor>) => r.data,
      invalidatesTags: ['Visitors'],
    }),
    pickups: build.query<Page<Pickup>, ListParams>({
      query: (params) => ({ url: '/visitors/pickups', params }),
      transformResponse: (r: Ok<Page<Pickup>>) => r.data,
      providesTags: ['Pickups'],
    }),
    recordPickup: build.mutation<Pickup, Partial<PickupInput>>({
      query: (body) => ({ url: '/visitors/pickups', method: 'POST', body }),
      transformResponse: (r: Ok<Pickup>) => r.data,
      invalidatesTags: ['Pickups'],
    }),
    appointments: build.query<Page<Appointment>, ListParams>({
      query: (params) => ({ url: '/appointments', params }),
      transformResponse: (r: Ok<Page<Appointment>>) => r.data,
      providesTags: ['Appointments'],
    }),
    myAppointments: build.query<Page<Appointment>, void>({
      query: () => ({ url: '/appointments/mine', params: { limit: 5 } }),
      transformResponse: (r: Ok<Page<Appointment>>) => r.data,
      providesTags: ['Appointments'],
    }),
    hosts: build.query<Host[], void>({
      query: () => '/appointments/hosts',
      transformResponse: (r: Ok<{ items: Host[] }>) => r.data.items,
    }),
    bookAppointment: build.mutation<Appointment, Partial<AppointmentInput>>({
      query: (body) => ({ url: '/appointments', method: 'POST', body }),
      transformResponse: (r: Ok<Appointment>) => r.data,
      invalidatesTags: ['Appointments'],
    }),
    requestAppointment: build.mutation<Appointment, Partial<AppointmentRequest>>({
      query: (body) => ({ url: '/appointments/requests', method: 'POST', body }),
      transformResponse: (r: Ok<Appointment>) => r.data,
      invalidatesTags: ['Appointments'],
    }),
    setAppointmentStatus: build.mutation<Appointment, { id: string; status: string }>({
      query: ({ id, status }) => ({ url: `/appointments/${id}/status`, method: 'POST', body: { status } }),
      transformResponse: (r: Ok<Appointment>) => r.data,
      invalidatesTags: ['Appointments', 'Visitors'],
    }),
  }),
});

export const {
  useVisitorsQuery,
  useCheckInMutation,
  useCheckOutMutation,
  useCheckOutByCodeMutation,
  usePickupsQuery,
  useRecordPickupMutation,
  useAppointmentsQuery,
  useMyAppointmentsQuery,
  useHostsQuery,
  useBookAppointmentMutation,
  useRequestAppointmentMutation,
  useSetAppointmentStatusMutation,
} = receptionApi;

export const passPath = (id: string) => `/visitors/${id}/pass.pdf`;
