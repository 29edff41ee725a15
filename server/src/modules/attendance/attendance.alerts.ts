import { ABSENCE_ALERT_TEMPLATE, ABSENCE_ALERT_VARIABLES } from '@schooliko/common/academics/attendance';
import { todayInIndia } from '@schooliko/common/kit/dates';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fullName } from '../../kit/names';
import { institutes } from '../../platform/institutes';
import { sendMessage } from '../../platform/messaging/messaging.service';
import { smsReady } from '../../platform/messaging/recipients';
import { guardiansOf } from '../guardians';
import { students } from '../students';

const indianDate = (iso: string) => iso.split('-').reverse().join('-');

/**
 * Tells each guardian of a pupil marked absent today, once per pupil and day whatever the saves
 * (event key `absence:<student>:<date>`): email where they have one, SMS with the DLT template
 * `absence-alert` where they have a phone and SMS is set up. Never for another day (SMSystem#118).
 */
export async function alertAbsences(
  tx: Db,
  instituteId: string,
  date: string,
  absent: string[],
): Promise<number> {
  if (!absent.length || date !== todayInIndia()) return 0;
  const [names, contacts, sms, [institute]] = await Promise.all([
    tx
      .select({ id: students.id, firstName: students.firstName, lastName: students.lastName })
      .from(students)
      .where(and(eq(students.instituteId, instituteId), inArray(students.id, absent))),
    guardiansOf(tx, instituteId, absent),
    smsReady(tx, instituteId, ABSENCE_ALERT_TEMPLATE, ABSENCE_ALERT_VARIABLES.length),
    tx.select({ name: institutes.name }).from(institutes).where(eq(institutes.id, instituteId)),
  ]);
  let queued = 0;
  for (const pupil of names) {
    const { id } = pupil;
    const name = fullName(pupil);
    for (const g of contacts.get(id) ?? []) {
      const base = {
        instituteId,
        eventKey: `absence:${id}:${date}`,
        guardianId: g.id,
        recipientName: g.name,
      };
      const outcomes = [];
      if (g.email)
        outcomes.push(
          await sendMessage(tx, {
            ...base,
            channel: 'email',
            to: g.email,
            subject: `Absent today: ${name}, ${indianDate(date)}`,
            text: `Dear ${g.name},\n\n${name} was marked absent at school today, ${indianDate(date)}.\nIf you did not expect this, please call the class teacher or the school office.\n\n${institute?.name ?? ''}`,
          }),
        );
      if (sms && g.phone)
        outcomes.push(
          await sendMessage(tx, {
            ...base,
            channel: 'sms',
            to: g.phone,
            template: ABSENCE_ALERT_TEMPLATE,
            params: [name, indianDate(date)],
          }),
        );
      queued += outcomes.filter((o) => o.status === 'queued').length;
    }
  }
  return queued;
}
