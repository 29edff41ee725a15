import {
  collectionQuery,
  collectionReportSchema,
  type Defaulter,
  defaulterExportQuery,
  defaulterQuery,
  defaulterSchema,
  defaulterTotalsSchema,
  myDuesSchema,
} from '@schooliko/common/fees/dues';
import { billEarlierSchema, earlierInstalmentsSchema, FEE_MESSAGES } from '@schooliko/common/fees/fees';
import { listSchema, okSchema } from '@schooliko/common/http';
import { uuidParam } from '@schooliko/common/people/fields';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answer } from '../../kit/answer';
import { exportRoute, type FileColumn } from '../../kit/export';
import { collectionOn, myDues } from './collection.read';
import { defaultersMatching, listDefaulters } from './dues.read';
import { billEarlier, earlierOf } from './earlier.service';

const tags = ['fees'];
const rupees = (paise: number) => paise / 100;

const COLUMNS: readonly FileColumn<Defaulter>[] = [
  { key: 'admission_no', header: 'Admission No', value: (d) => d.admission_no },
  { key: 'student_name', header: 'Student', value: (d) => d.student_name },
  { key: 'class_label', header: 'Class', value: (d) => d.class_label },
  { key: 'instalments', header: 'Instalments', value: (d) => d.instalments.join(', ') },
  { key: 'oldest_due_on', header: 'Oldest due on', value: (d) => d.oldest_due_on },
  { key: 'days_overdue', header: 'Days overdue', value: (d) => d.days_overdue },
  { key: 'age', header: 'Age (days)', value: (d) => d.age },
  { key: 'overdue', header: 'Overdue (₹)', value: (d) => rupees(d.overdue_paise) },
];

/** The dues report (issue 14 items 10 and 15) and a parent's own children's dues. */
export const duesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/students/:id/earlier-instalments',
    {
      config: { permission: 'fees:configure' },
      schema: {
        tags,
        summary: "A pupil's instalments before their admission, not billed, with their total",
        params: uuidParam,
        response: { 200: okSchema(earlierInstalmentsSchema) },
      },
    },
    async (request) => answer(request, (tx, actor) => earlierOf(tx, actor, request.params.id)),
  );
  app.post(
    '/students/:id/earlier-instalments',
    {
      config: { permission: 'fees:configure' },
      schema: {
        tags,
        summary: 'Bills the instalments before admission, with a reason kept in the audit log (409: none)',
        params: uuidParam,
        body: billEarlierSchema,
        response: { 200: okSchema(earlierInstalmentsSchema) },
      },
    },
    async (request) =>
      answer(
        request,
        (tx, actor) => billEarlier(tx, actor, request.params.id, request.body.reason),
        FEE_MESSAGES.earlierBilled,
      ),
  );
  app.get(
    '/defaulters',
    {
      config: { permission: 'fees:read' },
      schema: {
        tags,
        summary: 'Students with a balance overdue, by class, instalment and age, with the totals',
        querystring: defaulterQuery,
        response: { 200: okSchema(listSchema(defaulterSchema).extend({ totals: defaulterTotalsSchema })) },
      },
    },
    async (request) => answer(request, (tx, actor) => listDefaulters(tx, actor, request.query)),
  );
  exportRoute(app, '/defaulters/export', {
    permission: 'fees:read',
    tags,
    summary: "The defaulter list's filters as a CSV or Excel file",
    querystring: defaulterExportQuery,
    filename: 'dues',
    sheet: 'Dues',
    columns: COLUMNS,
    items: defaultersMatching,
  });
  app.get(
    '/collection',
    {
      config: { permission: 'fees:read' },
      schema: {
        tags,
        summary: "A day's collection: by mode and by head, the receipts' count, and those cancelled since",
        querystring: collectionQuery,
        response: { 200: okSchema(collectionReportSchema) },
      },
    },
    async (request) => answer(request, (tx, actor) => collectionOn(tx, actor, request.query.on)),
  );
  app.get(
    '/mine',
    {
      config: { permission: 'fees:read:own' },
      schema: {
        tags,
        summary: "A parent's children (a student's own record): what each owes by today and later",
        response: { 200: okSchema(myDuesSchema) },
      },
    },
    async (request) => answer(request, myDues),
  );
};
