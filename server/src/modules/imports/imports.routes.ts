import type { MultipartFile } from '@fastify/multipart';
import { okSchema } from '@schooliko/common/http';
import {
  IMPORT_MAX_BYTES,
  IMPORT_MESSAGES,
  type ImportKind,
  type ImportMode,
  importBodySchema,
} from '@schooliko/common/people/imports';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../kit/answer';
import { EXPORT_FORMATS, sendFile } from '../../kit/export';
import { scoped } from '../../kit/scope';
import { starterOf } from '../../platform/jobs/jobs.actor';
import { enqueueJob } from '../../platform/jobs/jobs.service';
import { httpError } from '../../plugins/errors';
import { acceptMultipart } from '../../plugins/uploads';
import { IMPORT_JOB, IMPORTS, storeUpload } from './imports.service';

/**
 * Imports of people records: the file is kept as it streams in, and a job checks every row
 * (`mode=preview`) or imports the valid ones (`mode=import`, the default). The answer is the job's
 * id at once (202); GET /api/jobs/:id and the live stream tell its progress and row errors.
 */
export const importsRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptMultipart(app);
  // One route per kind, so that each declares its own permission (and the security suites see it).
  for (const definition of Object.values(IMPORTS)) {
    const kind = definition.kind;
    const permission = definition.permission;
    app.post(
      `/${kind}`,
      {
        config: { permission },
        schema: {
          tags: ['imports'],
          summary: `Imports ${kind} from a CSV or Excel file (multipart \`file\`, \`mode\` preview|import) as a job`,
          consumes: ['multipart/form-data'],
          response: { 202: okSchema(z.object({ job_id: z.string() })) },
        },
      },
      (request, reply) => upload(request, reply, kind),
    );
    app.get(
      `/${kind}/template`,
      {
        config: { permission },
        schema: {
          tags: ['imports'],
          summary: `An empty file with the columns the ${kind} import reads`,
          querystring: z.object({ format: z.enum(EXPORT_FORMATS).default('csv') }),
        },
      },
      async (request, reply) => {
        async function* none() {}
        return sendFile(reply, {
          format: request.query.format,
          filename: `${kind}-template`,
          sheet: kind,
          columns: definition.columns,
          items: none(),
        });
      },
    );
  }
};

/** Keeps the upload and enqueues the job that checks (and, unless previewing, imports) its rows. */
async function upload(request: FastifyRequest, reply: FastifyReply, kind: ImportKind) {
  const jobId = await scoped(request, async (tx, actor) => {
    let stored: { fileId: string } | null = null;
    let mode: ImportMode = 'import';
    const parts = request.parts({
      limits: { fileSize: IMPORT_MAX_BYTES + 1, files: 1, fields: 4, fieldSize: 100 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.fieldname === 'mode') {
          const parsed = importBodySchema.safeParse({ mode: part.value });
          if (!parsed.success)
            throw httpError(400, IMPORT_MESSAGES.modeInvalid, { mode: IMPORT_MESSAGES.modeInvalid });
          mode = parsed.data.mode;
        }
      } else if (part.fieldname === 'file' && !stored) {
        const file = part as MultipartFile;
        stored = await storeUpload(tx, actor, kind, {
          filename: file.filename,
          stream: file.file,
          truncated: () => file.file.truncated,
        });
      } else {
        part.file.resume();
      }
    }
    if (!stored) throw httpError(400, IMPORT_MESSAGES.fileRequired, { file: IMPORT_MESSAGES.fileRequired });
    return enqueueJob(tx, {
      kind: IMPORT_JOB,
      instituteId: actor.institute.id,
      userId: actor.userId,
      payload: { fileId: stored.fileId, kind, mode, starter: starterOf(actor) },
      maxAttempts: 3,
    });
  });
  reply.status(202);
  return ok({ job_id: jobId }, IMPORT_MESSAGES.accepted);
}
