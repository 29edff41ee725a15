import type { Role } from '@schooliko/common/auth';
import type { JobSet } from '@schooliko/common/permissions';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { permissionsOf } from '../../kit/permissions';
import type { Actor } from '../../kit/scope';
import { institutes } from '../institutes';
import { PermanentJobError } from './jobs.service';

/** Who started a job, as the job's payload keeps it: enough to act for them later. */
export type JobStarter = { userId: string; role: Role; jobSets: JobSet[] };

export const starterOf = (actor: Actor): JobStarter => ({
  userId: actor.userId,
  role: actor.role,
  jobSets: actor.jobSets,
});

/** The actor a job acts as: its starter at its institute, with the permissions they had. */
export async function actorForJob(db: Db, instituteId: string, starter: JobStarter): Promise<Actor> {
  const [institute] = await db.select().from(institutes).where(eq(institutes.id, instituteId));
  if (!institute) throw new PermanentJobError('The institute no longer exists');
  return {
    userId: starter.userId,
    instituteId,
    role: starter.role,
    familyId: '',
    isOperator: false,
    institute,
    roles: [starter.role],
    jobSets: starter.jobSets,
    permissions: permissionsOf(starter.role, starter.jobSets),
  };
}
