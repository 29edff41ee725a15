import {
  HOMEWORK_FILE_MAX_MB,
  HOMEWORK_MESSAGES,
  type HomeworkFile,
  type HomeworkFileType,
} from '@schooliko/common/academics/homework';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { type Actor, holds } from '../../kit/scope';
import { type PrivateFileRules, receiveFile, storePrivateFile } from '../../platform/uploads/private-files';
import type { Storage } from '../../platform/uploads/storage';
import { httpError } from '../../plugins/errors';
import { findAssignment, pupilOf } from './homework.policy';
import { type HomeworkFileRow, homeworkFiles, homeworkSubmissions } from './homework.table';

/** Homework's files: PDF, pictures or .docx under HOMEWORK_FILE_MAX_MB, with homework's texts. */
const RULES: PrivateFileRules<HomeworkFileType> = {
  extensions: {
    'application/pdf': 'pdf',
    'image/jpeg': 'jpg',
    'image/png': 'png',
    'image/webp': 'webp',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  },
  maxMb: HOMEWORK_FILE_MAX_MB,
  invalidType: HOMEWORK_MESSAGES.fileInvalidType,
  tooLarge: HOMEWORK_MESSAGES.fileTooLarge,
  failed: HOMEWORK_MESSAGES.fileFailed,
};

export const toFile = (row: HomeworkFileRow): HomeworkFile => ({
  id: row.id,
  name: row.name,
  content_type: row.contentType,
  bytes: row.bytes,
});

/** Reads the uploaded file of a request (415 not multipart, 413 too large). */
export const receiveHomeworkFile = (request: FastifyRequest) => receiveFile(request, RULES);

/**
 * Checks one uploaded file and stores it privately (uploads/private-files.ts): the type is read
 * from its bytes (PDF, JPEG, PNG, WebP or .docx) and must be under the size limit; pictures are
 * re-encoded without EXIF and GPS (pupils photograph their notebooks at home). The key is
 * `private/<institute>/homework/<random>.<ext>`, which /uploads never serves.
 */
export async function storeHomeworkFile(
  tx: Db,
  storage: Storage,
  actor: Actor,
  input: { body: Buffer; filename?: string },
): Promise<HomeworkFile> {
  const file = await storePrivateFile(storage, `${actor.institute.id}/homework`, input, RULES);
  const [row] = await tx
    .insert(homeworkFiles)
    .values({ instituteId: actor.institute.id, ...file, uploadedBy: actor.userId })
    .returning();
  if (!row) throw new Error('file not recorded');
  return toFile(row);
}

/**
 * Attaches files the caller uploaded and has not attached yet to an assignment or to a version of
 * a submission. Any other id (someone else's, already attached, another institute's) is a 400.
 */
export async function claimFiles(
  tx: Db,
  actor: Actor,
  ids: readonly string[],
  target: { assignmentId: string } | { submissionId: string; version: number },
): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const claimed = await tx
    .update(homeworkFiles)
    .set(
      'assignmentId' in target
        ? { assignmentId: target.assignmentId }
        : { submissionId: target.submissionId, version: target.version },
    )
    .where(
      and(
        eq(homeworkFiles.instituteId, actor.institute.id),
        inArray(homeworkFiles.id, unique),
        eq(homeworkFiles.uploadedBy, actor.userId),
        isNull(homeworkFiles.assignmentId),
        isNull(homeworkFiles.submissionId),
      ),
    )
    .returning({ id: homeworkFiles.id });
  if (claimed.length !== unique.length)
    throw httpError(400, HOMEWORK_MESSAGES.filesUnknown, {
      [('assignmentId' in target ? 'attachment_ids' : 'file_ids') as string]: HOMEWORK_MESSAGES.filesUnknown,
    });
}

/** The files attached to assignments (not removed), by assignment. */
export async function attachmentsOf(tx: Db, instituteId: string, assignmentIds: readonly string[]) {
  if (assignmentIds.length === 0) return new Map<string, HomeworkFile[]>();
  const rows = await tx
    .select()
    .from(homeworkFiles)
    .where(
      and(
        eq(homeworkFiles.instituteId, instituteId),
        inArray(homeworkFiles.assignmentId, [...assignmentIds]),
        isNull(homeworkFiles.removedAt),
      ),
    )
    .orderBy(homeworkFiles.createdAt, homeworkFiles.id);
  const byAssignment = new Map<string, HomeworkFile[]>();
  for (const row of rows) {
    const list = byAssignment.get(row.assignmentId as string) ?? [];
    list.push(toFile(row));
    byAssignment.set(row.assignmentId as string, list);
  }
  return byAssignment;
}

/** The files of submissions' current versions, by submission. */
export async function submissionFilesOf(
  tx: Db,
  instituteId: string,
  submissions: readonly { id: string; version: number }[],
) {
  const byId = new Map<string, HomeworkFile[]>();
  if (submissions.length === 0) return byId;
  const rows = await tx
    .select()
    .from(homeworkFiles)
    .where(
      and(
        eq(homeworkFiles.instituteId, instituteId),
        inArray(
          homeworkFiles.submissionId,
          submissions.map((s) => s.id),
        ),
      ),
    )
    .orderBy(homeworkFiles.createdAt, homeworkFiles.id);
  const current = new Map(submissions.map((s) => [s.id, s.version]));
  for (const row of rows) {
    const id = row.submissionId as string;
    if (current.get(id) !== row.version) continue;
    byId.set(id, [...(byId.get(id) ?? []), toFile(row)]);
  }
  return byId;
}

/**
 * The file the caller may download, or a 404: an attachment of an assignment they may see, a
 * submitted file of a pupil they may see (staff who read homework see every pupil's), or a file
 * they uploaded and have not attached yet.
 */
export async function downloadableFile(tx: Db, actor: Actor, id: string): Promise<HomeworkFileRow> {
  const [row] = await tx
    .select()
    .from(homeworkFiles)
    .where(and(eq(homeworkFiles.instituteId, actor.institute.id), eq(homeworkFiles.id, id)));
  const notFound = httpError(404, HOMEWORK_MESSAGES.fileNotFound);
  if (!row) throw notFound;
  if (row.uploadedBy === actor.userId) return row;
  if (row.assignmentId) {
    if (row.removedAt && !holds(actor, 'homework:read')) throw notFound;
    await findAssignment(tx, actor, row.assignmentId).catch(() => {
      throw notFound;
    });
    return row;
  }
  if (row.submissionId) {
    const [submission] = await tx
      .select({ studentId: homeworkSubmissions.studentId, assignmentId: homeworkSubmissions.assignmentId })
      .from(homeworkSubmissions)
      .where(
        and(
          eq(homeworkSubmissions.instituteId, actor.institute.id),
          eq(homeworkSubmissions.id, row.submissionId),
        ),
      );
    if (!submission) throw notFound;
    if (holds(actor, 'homework:read')) return row;
    await pupilOf(tx, actor, submission.studentId).catch(() => {
      throw notFound;
    });
    return row;
  }
  throw notFound;
}
