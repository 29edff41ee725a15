import {
  CONCESSION_MESSAGES,
  concessionRequestInputSchema,
  concessionRequestSchema,
  concessionReviewSchema,
  concessionRuleInputSchema,
  concessionRulePatchSchema,
  concessionRuleSchema,
  type RegisterEntry,
  registerExportQuery,
  registerPageSchema,
  registerQuery,
  ruleReviewSchema,
  ruleStudentsSchema,
} from '@schooliko/common/fees/concessions';
import {
  FINE_MESSAGES,
  fineRuleInputSchema,
  fineRuleQuery,
  fineRuleSchema,
} from '@schooliko/common/fees/fine';
import { okSchema } from '@schooliko/common/http';
import { uuidParam } from '@schooliko/common/people/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answer, answerItems, ok } from '../../kit/answer';
import { exportRoute, type FileColumn } from '../../kit/export';
import { scoped } from '../../kit/scope';
import { listRegister, registerMatching } from './concessions.register';
import {
  addRuleStudents,
  createRequest,
  createRule,
  deactivateRule,
  listRequests,
  listRules,
  reviewRequest,
  reviewRule,
  updateRule,
} from './concessions.service';
import { findFineRule, saveFineRule } from './fine.service';
import { rteRoutes } from './rte.routes';

const tags = ['fees'];
const REGISTER_COLUMNS: readonly FileColumn<RegisterEntry>[] = [
  { key: 'applied_at', header: 'Applied on', value: (r) => r.applied_at.slice(0, 10) },
  { key: 'admission_no', header: 'Admission No', value: (r) => r.admission_no },
  { key: 'student_name', header: 'Student', value: (r) => r.student_name },
  { key: 'class_label', header: 'Class', value: (r) => r.class_label },
  { key: 'head_name', header: 'Fee type', value: (r) => r.head_name },
  { key: 'instalment', header: 'Instalment', value: (r) => r.instalment },
  { key: 'basis', header: 'Basis', value: (r) => r.basis },
  { key: 'amount', header: 'Amount (₹)', value: (r) => r.amount_paise / 100 },
  { key: 'proposed_by', header: 'Proposed by', value: (r) => r.proposed_by },
  { key: 'approved_by', header: 'Approved by', value: (r) => r.approved_by },
  { key: 'applied_by', header: 'Applied by', value: (r) => r.applied_by },
];
const items = <T extends z.ZodType>(item: T) => okSchema(z.object({ items: z.array(item) }));

/** Concession rules, ad-hoc requests and their approval, the register, the fine rule (issue 14). */
export const concessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(rteRoutes);
  app.get(
    '/concessions/rules',
    {
      config: { permission: 'fees:read' },
      schema: { tags, summary: 'Concession rules', response: { 200: items(concessionRuleSchema) } },
    },
    async (request) => answerItems(request, listRules),
  );
  app.post(
    '/concessions/rules',
    {
      config: { permission: 'fees:configure' },
      schema: {
        tags,
        summary: 'Adds a concession rule, waiting for approval by someone else (then it applies)',
        body: concessionRuleInputSchema,
        response: { 201: okSchema(concessionRuleSchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) => createRule(tx, actor, request.body));
      reply.status(201);
      return ok(data, CONCESSION_MESSAGES.ruleSaved);
    },
  );
  app.post(
    '/concessions/rules/:id/students',
    {
      config: { permission: 'fees:configure' },
      schema: {
        tags,
        summary: 'Names students of a staff-ward or merit rule, waiting for approval by someone else',
        params: uuidParam,
        body: ruleStudentsSchema,
        response: { 200: okSchema(concessionRuleSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => addRuleStudents(tx, actor, request.params.id, request.body.student_ids),
        CONCESSION_MESSAGES.studentsSaved,
      ),
  );
  app.post(
    '/concessions/rules/:id/review',
    {
      config: { permission: 'fees:approve' },
      schema: {
        tags,
        summary:
          'Approves (and applies) or rejects what of a rule waits: the rule, its new amount, its named students (403 to its proposer)',
        params: uuidParam,
        body: ruleReviewSchema,
        response: { 200: okSchema(concessionRuleSchema) },
      },
    },
    async (request) => {
      const { decision } = request.body;
      return answer(
        request,
        (tx, actor) => reviewRule(tx, actor, request.params.id, decision),
        decision === 'approved' ? CONCESSION_MESSAGES.ruleApproved : CONCESSION_MESSAGES.ruleRejected,
      );
    },
  );
  app.get(
    '/concessions/requests',
    {
      config: { permission: ['fees:configure', 'fees:approve'] },
      schema: {
        tags,
        summary: 'Ad-hoc concession requests',
        response: { 200: items(concessionRequestSchema) },
      },
    },
    async (request) => answerItems(request, listRequests),
  );
  app.post(
    '/concessions/requests',
    {
      config: { permission: 'fees:configure' },
      schema: {
        tags,
        summary: 'Asks for an ad-hoc concession for one student (applied once an admin approves)',
        body: concessionRequestInputSchema,
        response: { 201: okSchema(concessionRequestSchema) },
      },
    },
    async (request, reply) => {
      const data = await scoped(request, (tx, actor) => createRequest(tx, actor, request.body));
      reply.status(201);
      return ok(data, CONCESSION_MESSAGES.requestSent);
    },
  );
  app.post(
    '/concessions/requests/:id/review',
    {
      config: { permission: 'fees:approve' },
      schema: {
        tags,
        summary: 'Approves (and applies) or rejects a pending ad-hoc concession',
        params: uuidParam,
        body: concessionReviewSchema,
        response: { 200: okSchema(concessionRequestSchema) },
      },
    },
    async (request) => {
      const { decision, note } = request.body;
      const data = await scoped(request, (tx, actor) =>
        reviewRequest(tx, actor, request.params.id, decision, note),
      );
      const message =
        decision === 'approved' ? CONCESSION_MESSAGES.requestApproved : CONCESSION_MESSAGES.requestRejected;
      return ok(data, message);
    },
  );
  app.get(
    '/concessions/register',
    {
      config: { permission: 'fees:read' },
      schema: {
        tags,
        summary:
          'The concession register: every amount applied, by whom and when (filters, a page, the total)',
        querystring: registerQuery,
        response: { 200: okSchema(registerPageSchema) },
      },
    },
    async (request) => answer(request, (tx, actor) => listRegister(tx, actor, request.query)),
  );
  exportRoute(app, '/concessions/register/export', {
    permission: 'fees:read',
    tags,
    summary: "The concession register's filters as a CSV or Excel file",
    querystring: registerExportQuery,
    filename: 'concession-register',
    sheet: 'Concessions',
    columns: REGISTER_COLUMNS,
    items: registerMatching,
  });
  app.patch(
    '/concessions/rules/:id',
    {
      config: { permission: 'fees:configure' },
      schema: {
        tags,
        summary:
          'Changes a rule: its name; its amount and head only while no due has used it (409), then waiting for approval',
        params: uuidParam,
        body: concessionRulePatchSchema,
        response: { 200: okSchema(concessionRuleSchema) },
      },
    },
    async (request) => {
      const data = await scoped(request, (tx, actor) =>
        updateRule(tx, actor, request.params.id, request.body),
      );
      const waits = data.approval === 'pending';
      return ok(data, waits ? CONCESSION_MESSAGES.ruleChangedForApproval : CONCESSION_MESSAGES.ruleChanged);
    },
  );
  app.post(
    '/concessions/rules/:id/deactivate',
    {
      config: { permission: 'fees:configure' },
      schema: {
        tags,
        summary: 'Deactivates a rule (never deleted): no new due gets it, what it gave stays',
        params: uuidParam,
        response: { 200: okSchema(concessionRuleSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => deactivateRule(tx, actor, request.params.id),
        CONCESSION_MESSAGES.ruleDeactivated,
      ),
  );

  // ---- Late fine ----
  app.get(
    '/fine-rule',
    {
      config: { permission: 'fees:read' },
      schema: {
        tags,
        summary: "A year's fine rule (the current year unless named); null when none is set",
        querystring: fineRuleQuery,
        response: { 200: okSchema(fineRuleSchema.nullable()) },
      },
    },
    async (request) =>
      answer(request, (tx, actor) => findFineRule(tx, actor, request.query.academic_year_id)),
  );
  app.put(
    '/fine-rule',
    {
      config: { permission: 'fees:configure' },
      schema: {
        tags,
        summary:
          "Sets a year's fine rule: grace days, slabs and cap (locked once the year's collection starts)",
        body: fineRuleInputSchema,
        response: { 200: okSchema(fineRuleSchema) },
      },
    },
    async (request) =>
      answer(request, (tx, actor) => saveFineRule(tx, actor, request.body), FINE_MESSAGES.fineSaved),
  );
};
