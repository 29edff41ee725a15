import { z } from 'zod';
import { GROUP_MESSAGES } from './groups';

/** Join requests of directors to groups (spec 3.7, 4.5, 7.2). */
export const JOIN_REQUEST_STATUSES = ['pending', 'joined', 'rejected', 'deleted'] as const;
export type JoinRequestStatus = (typeof JOIN_REQUEST_STATUSES)[number];

/** Spec 7.8 / 9: how often a director's client polls the join request status. */
export const JOIN_STATUS_POLL_MS = 300_000;
/** Spec 9: the joined dialog closes this long after the welcome toast. */
export const JOINED_DIALOG_CLOSE_MS = 2_000;

/** Spec 7.2: POST /api/group-requests, one body per event_type. */
export const groupRequestBodySchema = z.discriminatedUnion('event_type', [
  z.object({
    event_type: z.literal('join-request'),
    group_id: z.uuid(GROUP_MESSAGES.notFound),
    message: z.string().trim().max(500, 'Message must be at most 500 characters').optional().default(''),
  }),
  z.object({ event_type: z.literal('delete-request'), request_id: z.uuid(GROUP_MESSAGES.requestNotFound) }),
  z.object({ event_type: z.literal('approve-request'), request_id: z.uuid(GROUP_MESSAGES.requestNotFound) }),
  z.object({ event_type: z.literal('reject-request'), request_id: z.uuid(GROUP_MESSAGES.requestNotFound) }),
]);
export type GroupRequestBody = z.output<typeof groupRequestBodySchema>;

/** Spec 3.7: one join request as its requester sees it. */
export const joinRequestSchema = z.object({
  _id: z.string(),
  status: z.enum(JOIN_REQUEST_STATUSES),
  message: z.string(),
  group_data: z.object({ group_id: z.string(), group_name: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type JoinRequest = z.infer<typeof joinRequestSchema>;

/**
 * GET /api/group-requests/status: the caller's requests that are not deleted, by id;
 * latest_status is the most recently changed one's status (null when there is none).
 */
export const joinStatusSchema = z.object({
  join_requests: z.record(z.string(), joinRequestSchema),
  has_pending_requests: z.boolean(),
  latest_status: z.enum(JOIN_REQUEST_STATUSES).nullable(),
  latest_request_id: z.string().nullable(),
});
export type JoinStatus = z.infer<typeof joinStatusSchema>;
