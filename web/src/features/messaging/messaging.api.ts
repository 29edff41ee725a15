import type {
  ReminderOutcome,
  ReminderSchedule,
  ReminderScheduleInput,
} from '@schooliko/common/fees/reminders';
import type { Ok } from '@schooliko/common/http';
import type {
  Message,
  MessagingSettings,
  MessagingSettingsInput,
  SmsTemplate,
  SmsTemplateInput,
} from '@schooliko/common/messaging';
import { api } from '../../app/api';
import type { ListParams, Page } from '../people/people.api';

const withApi = api.enhanceEndpoints({
  addTagTypes: ['MessagingSettings', 'SmsTemplates', 'Messages', 'Reminders'],
});

/** The messaging channel (server: platform/messaging) and fee reminders (modules/fees/reminders). */
export const messagingApi = withApi.injectEndpoints({
  endpoints: (build) => ({
    messagingSettings: build.query<MessagingSettings, void>({
      query: () => '/messaging/settings',
      transformResponse: (r: Ok<MessagingSettings>) => r.data,
      providesTags: ['MessagingSettings'],
    }),
    saveMessagingSettings: build.mutation<MessagingSettings, MessagingSettingsInput>({
      query: (body) => ({ url: '/messaging/settings', method: 'PUT', body }),
      transformResponse: (r: Ok<MessagingSettings>) => r.data,
      invalidatesTags: ['MessagingSettings'],
    }),
    smsTemplates: build.query<SmsTemplate[], void>({
      query: () => '/messaging/templates',
      transformResponse: (r: Ok<{ items: SmsTemplate[] }>) => r.data.items,
      providesTags: ['SmsTemplates'],
    }),
    addSmsTemplate: build.mutation<SmsTemplate, SmsTemplateInput>({
      query: (body) => ({ url: '/messaging/templates', method: 'POST', body }),
      transformResponse: (r: Ok<SmsTemplate>) => r.data,
      invalidatesTags: ['SmsTemplates'],
    }),
    deactivateSmsTemplate: build.mutation<SmsTemplate, string>({
      query: (id) => ({ url: `/messaging/templates/${id}/deactivate`, method: 'POST' }),
      transformResponse: (r: Ok<SmsTemplate>) => r.data,
      invalidatesTags: ['SmsTemplates'],
    }),
    messages: build.query<Page<Message>, ListParams>({
      query: (params) => ({ url: '/messaging/messages', params }),
      transformResponse: (r: Ok<Page<Message>>) => r.data,
      providesTags: ['Messages'],
    }),
    // ---- Fee reminders (/reminder) ----
    reminderSchedules: build.query<ReminderSchedule[], void>({
      query: () => '/fees/reminders/schedules',
      transformResponse: (r: Ok<{ items: ReminderSchedule[] }>) => r.data.items,
      providesTags: ['Reminders'],
    }),
    saveReminderSchedule: build.mutation<ReminderSchedule, { id?: string; body: ReminderScheduleInput }>({
      query: ({ id, body }) => ({
        url: id ? `/fees/reminders/schedules/${id}` : '/fees/reminders/schedules',
        method: id ? 'PUT' : 'POST',
        body,
      }),
      transformResponse: (r: Ok<ReminderSchedule>) => r.data,
      invalidatesTags: ['Reminders'],
    }),
    runReminders: build.mutation<{ job_id: string }, void>({
      query: () => ({ url: '/fees/reminders/run', method: 'POST' }),
      transformResponse: (r: Ok<{ job_id: string }>) => r.data,
    }),
    reminderLog: build.query<Page<Message>, ListParams>({
      query: (params) => ({ url: '/fees/reminders/log', params }),
      transformResponse: (r: Ok<Page<Message>>) => r.data,
      providesTags: ['Messages'],
    }),
    bulkRemind: build.mutation<ReminderOutcome, string[]>({
      query: (ids) => ({ url: '/fees/reminders/bulk', method: 'POST', body: { student_ids: ids } }),
      transformResponse: (r: Ok<ReminderOutcome>) => r.data,
      invalidatesTags: ['Messages'],
    }),
  }),
});

export const {
  useMessagingSettingsQuery,
  useSaveMessagingSettingsMutation,
  useSmsTemplatesQuery,
  useAddSmsTemplateMutation,
  useDeactivateSmsTemplateMutation,
  useMessagesQuery,
  useReminderSchedulesQuery,
  useSaveReminderScheduleMutation,
  useRunRemindersMutation,
  useReminderLogQuery,
  useBulkRemindMutation,
} = messagingApi;
