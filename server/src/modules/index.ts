import { admissionsModule } from './admissions/admissions.module';
import { attendanceModule } from './attendance/attendance.module';
import { bdrsModule } from './bdrs/bdrs.module';
import { branchesModule } from './branches/branches.module';
import { calendarModule } from './calendar/calendar.module';
import { changeRequestsModule } from './change-requests/change-requests.module';
import { classesModule } from './classes/classes.module';
import { complaintsModule } from './complaints/complaints.module';
import { dashboardModule } from './dashboard/dashboard.module';
import { directorsModule } from './directors/directors.module';
import { domainsModule } from './domains/domains.module';
import { enquiriesModule } from './enquiries/enquiries.module';
import { examsModule } from './exams/exams.module';
import { feesModule } from './fees/fees.module';
import { groupRequestsModule } from './group-requests/group-requests.module';
import { groupsModule } from './groups/groups.module';
import { guardiansModule } from './guardians/guardians.module';
import { homeworkModule } from './homework/homework.module';
import { importsModule } from './imports/imports.module';
import { operatorModule } from './operator/operator.module';
import { postalModule } from './postal/postal.module';
import { profileModule } from './profile/profile.module';
import { promotionsModule } from './promotions/promotions.module';
import { receptionModule } from './reception/reception.module';
import { staffModule } from './staff/staff.module';
import { studentsModule } from './students/students.module';
import { suggestionsModule } from './suggestions/suggestions.module';
import { timetableModule } from './timetable/timetable.module';
import { websiteModule } from './website/website.module';

/**
 * The domain modules (docs/modules.md, ADR 016). A new module adds its folder and one line here
 * (`npm run new-module` does both); its permissions, routes, jobs, reactions, demo seed step and
 * security makers are derived from this list, in this order.
 */
export const DOMAIN_MODULES = [
  websiteModule,
  profileModule,
  admissionsModule,
  groupsModule,
  groupRequestsModule,
  directorsModule,
  dashboardModule,
  bdrsModule,
  operatorModule,
  domainsModule,
  studentsModule,
  guardiansModule,
  changeRequestsModule,
  branchesModule,
  importsModule,
  classesModule,
  staffModule,
  promotionsModule,
  feesModule,
  calendarModule,
  timetableModule,
  homeworkModule,
  examsModule,
  attendanceModule,
  receptionModule,
  enquiriesModule,
  postalModule,
  complaintsModule,
  suggestionsModule,
] as const;
