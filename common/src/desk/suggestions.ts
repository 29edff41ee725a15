import { z } from 'zod';
import { pageQuery } from '../kit/lists';
import { defineMessages } from '../messages';

/**
 * Suggestions (issue 15 item 6): anyone signed in suggests, named or anonymously. An anonymous
 * suggestion keeps nothing that identifies its sender: no user id, no name, no IP.
 */
export const SUGGESTION_MESSAGES = defineMessages('suggestions', {
  created: 'Thank you for your suggestion',
  notFound: 'Suggestion not found',
  updated: 'Suggestion updated',
} as const);

export const SUGGESTION_CATEGORIES = [
  'academics',
  'facilities',
  'transport',
  'food',
  'events',
  'safety',
  'other',
] as const;
export const SUGGESTION_STATES = ['new', 'under_review', 'accepted', 'implemented', 'declined'] as const;

export const suggestionInputSchema = z.object({
  category: z.enum(SUGGESTION_CATEGORIES),
  text: z.string().trim().min(1).max(2000),
  anonymous: z.boolean().default(false),
});
export type SuggestionInput = z.input<typeof suggestionInputSchema>;

export const suggestionSchema = z.object({
  id: z.uuid(),
  category: z.enum(SUGGESTION_CATEGORIES),
  text: z.string(),
  anonymous: z.boolean(),
  sender_name: z.string().nullable(),
  state: z.enum(SUGGESTION_STATES),
  created_on: z.string(),
});
export type Suggestion = z.output<typeof suggestionSchema>;

export const suggestionListQuery = pageQuery.extend({
  state: z.enum(SUGGESTION_STATES).optional(),
  category: z.enum(SUGGESTION_CATEGORIES).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export const suggestionStateSchema = z.object({ state: z.enum(SUGGESTION_STATES) });
