import {
  createStaffSchema,
  STAFF_MESSAGES,
  staffListQuery,
  staffSchema,
  updateStaffSchema,
} from '@schooliko/common/people/staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { recordRoutes } from '../../kit/record-routes';
import type { Actor } from '../../kit/scope';
import { historyRoute } from '../../platform/audit/audit.routes';
import { photoRoutes } from '../../platform/uploads/photo.routes';
import { invitationRoute } from '../invitations';
import { STAFF_COLUMNS } from './staff.columns';
import { createStaff, findStaff, listStaff, staffMatching, toStaff, updateStaff } from './staff.service';
import { staff } from './staff.table';

const tags = ['staff'];
const readStaff = async (tx: Db, actor: Actor, id: string) => toStaff(await findStaff(tx, actor, id));

/** Teachers and non-teaching staff (the web's Teachers screen is this list with kind=teaching). */
export const staffRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(
    recordRoutes({
      tags,
      permissions: { read: 'staff:read', create: 'staff:write', update: 'staff:write' },
      schemas: {
        query: staffListQuery,
        item: staffSchema,
        create: createStaffSchema,
        update: updateStaffSchema,
      },
      summaries: {
        list: 'Staff of the institute, a page at a time',
        create: 'Adds a staff member',
        read: 'One staff member',
        update: 'Changes a staff record, relieves or rejoins, sets job sets (audited)',
      },
      messages: STAFF_MESSAGES,
      file: { name: 'staff', sheet: 'Staff', columns: STAFF_COLUMNS },
      list: listStaff,
      matching: staffMatching,
      create: createStaff,
      read: readStaff,
      update: async (tx, actor, id, input) => {
        const { staff, accountChanged } = await updateStaff(tx, actor, id, input);
        return { item: staff, members: accountChanged ? [accountChanged] : [] };
      },
    }),
  );
  await app.register(invitationRoute('staff', tags));
  await app.register(
    historyRoute({
      tags,
      summary: "A staff record's audit trail, newest first",
      entities: ['staff'],
      find: findStaff,
    }),
  );
  await app.register(
    photoRoutes({
      kind: 'staff',
      tags,
      permission: 'staff:write',
      item: staffSchema,
      find: findStaff,
      table: staff,
      readPermission: 'staff:read',
      read: readStaff,
      summaries: {
        upload: "Sets a staff member's photo (multipart `file`: JPG, PNG or WebP under 2 MB; audited)",
        photo: "A staff member's photo, to those who may see the staff",
        remove: "Removes a staff member's photo (audited)",
      },
    }),
  );
};
