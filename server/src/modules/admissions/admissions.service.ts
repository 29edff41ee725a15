import type { Pagination } from '@schooliko/common/http';
import { pagination } from '@schooliko/common/http';
import {
  ADMISSION_MESSAGES,
  type AdmissionEnquiry,
  type admissionEnquirySchema,
} from '@schooliko/common/website';
import { and, arrayContains, count, desc, eq, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { containsPattern } from '../../kit/list-page';
import { recordChange } from '../../platform/audit/audit.service';
import { memberships } from '../../platform/auth';
import type { Institute } from '../../platform/institutes/institutes.table';
import {
  createNotifications,
  type NotificationPublisher,
} from '../../platform/notifications/notifications.service';
import { httpError } from '../../plugins/errors';
import { findWebsite } from '../website';
import { type AdmissionEnquiryRow, admissionEnquiries, enquiryColumns } from './admissions.table';

type EnquiryInput = z.output<typeof admissionEnquirySchema>;

function toEnquiry(row: AdmissionEnquiryRow): AdmissionEnquiry {
  return {
    id: row.id,
    student_name: row.studentName,
    class_sought: row.classSought,
    parent_name: row.parentName,
    phone: row.phone,
    email: row.email,
    message: row.message,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A visitor's enquiry, taken only while the published site has online admission switched on.
 * The institute's admins get a notification.
 */
export async function receiveEnquiry(
  db: Db,
  hub: NotificationPublisher,
  institute: Institute,
  input: EnquiryInput,
): Promise<AdmissionEnquiry> {
  const site = await findWebsite(db, institute.id);
  if (!site?.published) throw httpError(403, ADMISSION_MESSAGES.notPublished);
  if (!site.published.features.online_admission) throw httpError(403, ADMISSION_MESSAGES.closed);
  const [row] = await db
    .insert(admissionEnquiries)
    .values({
      instituteId: institute.id,
      studentName: input.student_name,
      classSought: input.class_sought,
      parentName: input.parent_name,
      phone: input.phone,
      email: input.email,
      message: input.message,
    })
    .returning();
  if (!row) throw new Error('enquiry not stored');
  // Its history starts with the visitor's own words (no one signed in made it).
  await recordChange(
    db,
    { institute: { id: institute.id }, userId: null },
    {
      entity: 'enquiry',
      entityId: row.id,
      action: 'create',
      after: {
        student_name: row.studentName,
        class_sought: row.classSought,
        parent_name: row.parentName,
        phone: row.phone,
        email: row.email,
        stage: row.status,
        source: row.source,
      },
    },
  );
  const admins = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.instituteId, institute.id),
        eq(memberships.status, 'active'),
        arrayContains(memberships.roles, ['admin']),
      ),
    )
    .limit(50);
  await createNotifications(
    db,
    hub,
    admins.map((a) => ({
      instituteId: institute.id,
      recipientId: a.userId,
      type: 'info' as const,
      title: 'New admission enquiry',
      message: `${input.parent_name} asked about admission for ${input.student_name} (${input.class_sought}). Phone ${input.phone}.`,
      eventType: 'admission-enquiry',
      eventId: row.id,
    })),
  );
  return toEnquiry(row);
}

export type EnquiryList = { items: AdmissionEnquiry[]; pagination: Pagination };

/** The reception's list, newest first; search matches the student's or parent's name or the phone. */
export async function listEnquiries(
  db: Db,
  instituteId: string,
  query: { page: number; limit: number; search?: string },
): Promise<EnquiryList> {
  const term = query.search ? containsPattern(query.search) : null;
  const where = and(
    eq(admissionEnquiries.instituteId, instituteId),
    term
      ? or(
          ilike(admissionEnquiries.studentName, term),
          ilike(admissionEnquiries.parentName, term),
          ilike(admissionEnquiries.phone, term),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(enquiryColumns)
      .from(admissionEnquiries)
      .where(where)
      .orderBy(desc(admissionEnquiries.createdAt), desc(admissionEnquiries.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(admissionEnquiries).where(where),
  ]);
  return { items: rows.map(toEnquiry), pagination: pagination(query, total?.n ?? 0) };
}
