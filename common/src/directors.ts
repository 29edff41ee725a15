import { z } from 'zod';
import { GROUP_MESSAGES, groupLogoSchema, groupTypeSchema, optionalText, required } from './groups';

/** A director's link to their groups (spec 3.6, 7.3). */
/** Spec 7.3: PUT /api/directors/profile/:id body. group_code is read-only and ignored. */
export const directorProfileUpdateSchema = z.object({
  group_data: z.object({
    group_id: z.uuid(GROUP_MESSAGES.notFound),
    group_name: required(GROUP_MESSAGES.nameRequired).max(120, GROUP_MESSAGES.nameTooLong).optional(),
    group_code: z.string().max(40).nullish(),
    group_type: groupTypeSchema.optional(),
    group_logo: groupLogoSchema.optional(),
    group_description: optionalText(2000, GROUP_MESSAGES.descriptionTooLong).optional(),
    isPrimaryDirector: z.boolean().optional(),
    isPrincipal: z.boolean().optional(),
  }),
});
export type DirectorProfileUpdateInput = z.output<typeof directorProfileUpdateSchema>;

/** Spec 3.6 / 7.3: GET /api/directors/profile/:id answers { director_data }. */
export const directorDataSchema = z.object({
  director_id: z.string(),
  institute_groups: z.array(
    z.object({
      group_id: z.string(),
      group_name: z.string(),
      isPrimaryDirector: z.boolean(),
      isPrincipal: z.boolean(),
    }),
  ),
  /** The latest group this director created, or null. */
  created_group: z.object({ group_id: z.string() }).nullable(),
  /** The group the dashboard shows: the created group, else the first group joined, else null. */
  current_group_id: z.string().nullable(),
});
export type DirectorData = z.infer<typeof directorDataSchema>;
export const directorProfileSchema = z.object({ director_data: directorDataSchema });
