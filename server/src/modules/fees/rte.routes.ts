import {
  CONCESSION_MESSAGES,
  type RteReport,
  type RteRow,
  rteReportQuery,
  rteReportSchema,
  rteSettingsSchema,
} from '@schooliko/common/fees/concessions';
import { okSchema } from '@schooliko/common/http';
import { CLASS_MESSAGES } from '@schooliko/common/people/classes';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { ok } from '../../kit/answer';
import { type FileColumn, sendFile } from '../../kit/export';
import { type Actor, scoped } from '../../kit/scope';
import { httpError } from '../../plugins/errors';
import { currentYear } from '../classes';
import { rteSettings } from './concessions.table';

const tags = ['fees'];

async function perChildCost(tx: Db, instituteId: string): Promise<number> {
  const [row] = await tx.select().from(rteSettings).where(eq(rteSettings.instituteId, instituteId));
  return row?.perChildCostPaise ?? 0;
}

/**
 * The RTE reimbursement claim of a year: each RTE pupil by class, their school fee for the year,
 * what was waived (the RTE concessions of the register) and the claim: the lower of the State's
 * per-child cost and the school fee.
 */
async function rteClaim(tx: Db, actor: Actor, yearId?: string): Promise<RteReport> {
  const i = actor.institute.id;
  const year = yearId ?? (await currentYear(tx, actor))?.id;
  if (!year) throw httpError(404, CLASS_MESSAGES.yearNotFound);
  const cost = await perChildCost(tx, i);
  const found = (
    (await tx.execute(sql`
      select c.name as class_name, s.id as student_id, trim(s.first_name || ' ' || s.last_name) as student_name,
        s.admission_no,
        (select coalesce(sum(d.amount_paise), 0) from fee_dues d join fee_heads h on h.institute_id = d.institute_id
          and h.id = d.head_id and h.category <> 'fine'
          where d.institute_id = ${i} and d.student_id = s.id and d.academic_year_id = ${year}::uuid and not d.cancelled) as fee,
        (select coalesce(sum(g.amount_paise), 0) from concession_register g join fee_dues d on d.institute_id = g.institute_id
          and d.id = g.due_id where g.institute_id = ${i} and g.student_id = s.id and g.basis = 'rte'
          and d.academic_year_id = ${year}::uuid and not d.cancelled) as waived
      from students s
      join sections sec on sec.institute_id = s.institute_id and sec.id = s.section_id and sec.academic_year_id = ${year}::uuid
      join classes c on c.institute_id = s.institute_id and c.id = sec.class_id
      where s.institute_id = ${i} and s.rte and s.status = 'enrolled'
      order by c.sort_order, sec.name, lower(s.first_name || ' ' || s.last_name), s.id`)) as unknown as {
      rows: {
        class_name: string;
        student_id: string;
        student_name: string;
        admission_no: string;
        fee: string;
        waived: string;
      }[];
    }
  ).rows;
  const items: RteRow[] = found.map((r) => ({
    class_name: r.class_name,
    student_id: r.student_id,
    student_name: r.student_name,
    admission_no: r.admission_no,
    school_fee_paise: Number(r.fee),
    fee_waived_paise: Number(r.waived),
    claim_paise: Math.min(cost, Number(r.fee)),
  }));
  return {
    per_child_cost_paise: cost,
    items,
    total_claim_paise: items.reduce((sum, r) => sum + r.claim_paise, 0),
  };
}

const rupees = (paise: number) => paise / 100;
const COLUMNS: FileColumn<RteRow>[] = [
  { key: 'class', header: 'Class', value: (r) => r.class_name },
  { key: 'admission_no', header: 'Admission no.', value: (r) => r.admission_no },
  { key: 'name', header: 'Student', value: (r) => r.student_name },
  { key: 'fee', header: 'School fee (₹)', value: (r) => rupees(r.school_fee_paise) },
  { key: 'waived', header: 'Fee waived (₹)', value: (r) => rupees(r.fee_waived_paise) },
  { key: 'claim', header: 'Claim (₹)', value: (r) => rupees(r.claim_paise) },
];

/** The RTE per-child cost setting and the reimbursement claim (JSON, CSV or Excel). */
export const rteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/concessions/rte-settings',
    {
      config: { permission: 'fees:read' },
      schema: {
        tags,
        summary: "The State's RTE per-child cost",
        response: { 200: okSchema(rteSettingsSchema) },
      },
    },
    async (request) =>
      ok({
        per_child_cost_paise: await scoped(request, (tx, actor) => perChildCost(tx, actor.institute.id)),
      }),
  );
  app.put(
    '/concessions/rte-settings',
    {
      config: { permission: 'fees:configure' },
      schema: {
        tags,
        summary: "Sets the State's RTE per-child cost",
        body: rteSettingsSchema,
        response: { 200: okSchema(rteSettingsSchema) },
      },
    },
    async (request) => {
      const cost = request.body.per_child_cost_paise;
      await scoped(request, (tx, actor) =>
        tx
          .insert(rteSettings)
          .values({ instituteId: actor.institute.id, perChildCostPaise: cost })
          .onConflictDoUpdate({ target: [rteSettings.instituteId], set: { perChildCostPaise: cost } }),
      );
      return ok(request.body, CONCESSION_MESSAGES.rteSaved);
    },
  );
  app.get(
    '/concessions/rte-claim',
    {
      config: { permission: 'fees:read', heavy: true },
      schema: {
        tags,
        summary: 'The RTE reimbursement claim: RTE pupils per class, fee waived, claim (JSON, CSV or XLSX)',
        querystring: rteReportQuery,
        response: { 200: okSchema(rteReportSchema) },
      },
    },
    async (request, reply) => {
      const { academic_year_id: year, format } = request.query;
      const report = await scoped(request, (tx, actor) => rteClaim(tx, actor, year));
      if (format === 'json') return ok(report);
      return sendFile(reply, {
        format,
        filename: 'rte-claim',
        sheet: 'RTE claim',
        columns: COLUMNS,
        items: (async function* () {
          yield* report.items;
        })(),
      });
    },
  );
};
