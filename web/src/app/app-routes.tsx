import type { Permission } from '@schooliko/common/permissions';
import type { ReactNode } from 'react';
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { ACADEMICS_SCREENS } from '../features/academics/academics.manifest';
import { ROUTE_ROLES } from '../features/auth/access';
import { RequireAuth } from '../features/auth/require-auth';
import { DESK_SCREENS } from '../features/desk/desk.manifest';
import { FEES_SCREENS } from '../features/fees/fees.manifest';
import { MESSAGING_SCREENS } from '../features/messaging/messaging.manifest';
import { PEOPLE_PAGES } from '../features/people/people.manifest';
import { HomeOrList, NeedsPermission } from '../features/people/people-route';
import { RECEPTION_SCREENS } from '../features/reception/reception.manifest';
import AppLayout from '../layout/app-layout';
import { withModuleStrings } from './lazy-page';

const HomePage = lazy(() => import('../features/home/home-page'));
const AdminDashboardPage = lazy(() => import('../features/dashboard/admin-dashboard-page'));
const DirectorDashboardPage = lazy(() => import('../features/dashboard/director-dashboard-page'));
const GroupFormPage = lazy(() => import('../features/groups/group-form-page'));
// Branches (issue 12): the director's group view, every branch side by side.
const GroupPage = lazy(() => import('../features/branches/group-page'));
// Website builder, public site, profile (issue #6)
const WebsitePage = withModuleStrings('website', () => import('../features/website/website-page'));
const ProfilePage = lazy(() => import('../features/profile/profile-page'));
const AccountPage = lazy(() => import('../features/account/account-page'));
// People records (issue 12): lists, records and the school lists of the group.
const StudentsPage = lazy(() => import('../features/people/students-page'));
const StudentProfilePage = lazy(() => import('../features/people/student-profile-page'));
const AddStudentPage = lazy(() => import('../features/people/add-student-page'));
const PromotePage = lazy(() => import('../features/people/promote-page'));
const StaffPage = lazy(() => import('../features/people/staff-page'));
const StaffProfilePage = lazy(() => import('../features/people/staff-profile-page'));
const StaffFormPage = lazy(() => import('../features/people/staff-form-page'));
const GuardiansPage = lazy(() => import('../features/people/guardians-page'));
const GuardianProfilePage = lazy(() => import('../features/people/guardian-profile-page'));
const GuardianFormPage = lazy(() => import('../features/people/guardian-form-page'));
const SchoolListsPage = lazy(() => import('../features/people/school-lists-page'));
const TuitionFeesPage = withModuleStrings('fees', () => import('../features/fees/tuition-fees-page'));
const AddFeesTypePage = withModuleStrings('fees', () => import('../features/fees/add-fees-type-page'));
const PayOnlinePage = withModuleStrings('fees', () => import('../features/fees/pay-online-page'));
const DuesPage = withModuleStrings('fees', () => import('../features/fees/dues-page'));
const FinePage = withModuleStrings('fees', () => import('../features/fees/fine-page'));
const VisitorsPage = withModuleStrings('reception', () => import('../features/reception/visitors-page'));
const AppointmentsPage = withModuleStrings(
  'reception',
  () => import('../features/reception/appointments-page'),
);
const ExamFeesPage = withModuleStrings('fees', () => import('../features/fees/exam-fees-page'));
const CalendarPage = withModuleStrings('academics', () => import('../features/academics/calendar-page'));
const ReminderPage = withModuleStrings('messaging', () => import('../features/messaging/reminder-page'));
const MessagesPage = withModuleStrings('messaging', () => import('../features/messaging/messages-page'));
const EnquiriesPage = withModuleStrings('desk', () => import('../features/desk/enquiries-page'));
const PostalPage = withModuleStrings('desk', () => import('../features/desk/postal-page'));
const MyPostPage = withModuleStrings('desk', () => import('../features/desk/my-post-page'));
const ComplaintsPage = withModuleStrings('desk', () => import('../features/desk/complaints-page'));
const CommitteesPage = withModuleStrings('desk', () => import('../features/desk/committees-page'));
const SuggestionsPage = withModuleStrings('desk', () => import('../features/desk/suggestions-page'));
const TimetablePage = withModuleStrings('academics', () => import('../features/academics/timetable-page'));
const HomeworkPage = withModuleStrings(
  'academics',
  () => import('../features/academics/homework/homework-page'),
);
const AssignmentPage = withModuleStrings(
  'academics',
  () => import('../features/academics/homework/assignment-page'),
);
const ExamsPage = withModuleStrings('academics', () => import('../features/academics/exams-page'));
const AttendancePage = withModuleStrings('academics', () => import('../features/academics/attendance-page'));
const ChangeRequestsPage = lazy(() => import('../features/change-requests/change-requests-page'));

/** A page inside the shell layout that only these roles may open (spec 6.2). */
const only = (roles: readonly string[], node: ReactNode) => <RequireAuth roles={roles}>{node}</RequireAuth>;
const needs = (permission: Permission | readonly Permission[], node: ReactNode) => (
  <NeedsPermission permission={permission}>{node}</NeedsPermission>
);
const READ_STUDENTS = ['students:read', 'students:read:own'] as const;

/**
 * The signed-in app: the shell layout and every screen inside it, each screen its own lazily
 * loaded chunk. This table and the layout are one chunk, which the router patches in (with the
 * rest of the English strings) on the first navigation to a path the public routes do not match
 * (router.tsx), so the sign-in page and the public site do not carry them.
 */
export const APP_ROUTES: RouteObject[] = [
  // The shell layout. Children render in AppLayout's <Outlet/> (it has its own
  // Suspense). Adding a screen: a child here with its guard, AND its path and roles in
  // AVAILABLE_ROUTES (layout/sidebar-items.ts) so the sidebar and menus link to it.
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      { path: '/admin', element: only(ROUTE_ROLES.admin, <HomePage />) },
      // Groups and dashboards (issue #4); create and edit share one form, keyed so each starts fresh.
      { path: '/admin/dashboard', element: only(ROUTE_ROLES.adminDashboard, <AdminDashboardPage />) },
      { path: '/director', element: only(ROUTE_ROLES.director, <DirectorDashboardPage />) },
      { path: '/director/dashboard', element: only(ROUTE_ROLES.director, <DirectorDashboardPage />) },
      { path: '/director/create-group', element: only(ROUTE_ROLES.director, <GroupFormPage key="create" />) },
      { path: '/director/edit-group', element: only(ROUTE_ROLES.director, <GroupFormPage key="edit" />) },
      { path: '/director/group', element: only(ROUTE_ROLES.director, <GroupPage />) },
      // Website builder and profile (issue #6); the builder also opens a new branch institute.
      { path: '/create-website', element: only(ROUTE_ROLES.createWebsite, <WebsitePage key="website" />) },
      { path: '/admin/create-institute', element: only(ROUTE_ROLES.admin, <WebsitePage key="institute" />) },
      // The sidebar's Branches > Add School and the director's Add New Branch: the same form.
      { path: '/add-school', element: only(ROUTE_ROLES.addSchool, <WebsitePage key="add-school" />) },
      { path: '/update-profile', element: only(ROUTE_ROLES.updateProfile, <ProfilePage />) },
      { path: '/profile-settings', element: <AccountPage /> },
      // A role's home and a records list share these paths (features/people/people.manifest.ts).
      { path: '/teacher', element: <HomeOrList home={<HomePage />} list={<StaffPage kind="teaching" />} /> },
      { path: '/student', element: <HomeOrList home={<HomePage />} list={<StudentsPage />} /> },
      { path: '/parent', element: <HomeOrList home={<HomePage />} list={<GuardiansPage />} /> },
      { path: '/staff', element: <HomeOrList list={<StaffPage />} /> },
      { path: '/school-lists', element: <HomeOrList list={<SchoolListsPage />} /> },
      { path: '/student/new', element: needs('students:write', <AddStudentPage />) },
      { path: '/student/change-requests', element: needs('change-requests:review', <ChangeRequestsPage />) },
      { path: '/teacher/students', element: needs(READ_STUDENTS, <StudentsPage />) },
      {
        path: PEOPLE_PAGES.promote.path,
        element: (
          <NeedsPermission permission={PEOPLE_PAGES.promote.permission}>
            <PromotePage />
          </NeedsPermission>
        ),
      },
      {
        path: '/teacher/add-student',
        element: needs(['students:write', 'students:write:own'], <AddStudentPage ownSections />),
      },
      { path: '/student/:id', element: needs(READ_STUDENTS, <StudentProfilePage />) },
      { path: '/staff/:id', element: needs('staff:read', <StaffProfilePage />) },
      { path: '/parent/:id', element: needs('guardians:read', <GuardianProfilePage />) },
      // Fees (features/fees/fees.manifest.ts).
      {
        path: '/tuition-fees',
        element: needs(FEES_SCREENS['/tuition-fees'].permission, <TuitionFeesPage />),
      },
      {
        path: '/pay-online',
        element: needs(FEES_SCREENS['/pay-online'].permission, <PayOnlinePage />),
      },
      {
        path: '/add-fees-type',
        element: needs(FEES_SCREENS['/add-fees-type'].permission, <AddFeesTypePage />),
      },
      { path: '/dues', element: needs(FEES_SCREENS['/dues'].permission, <DuesPage />) },
      {
        path: '/fine',
        element: needs(FEES_SCREENS['/fine'].permission, <FinePage />),
      },
      // Reception (features/reception/reception.manifest.ts).
      { path: '/visitors', element: needs(RECEPTION_SCREENS['/visitors'].permission, <VisitorsPage />) },
      {
        path: '/appointments',
        element: needs(RECEPTION_SCREENS['/appointments'].permission, <AppointmentsPage />),
      },
      {
        path: '/exam-fees',
        element: needs(FEES_SCREENS['/exam-fees'].permission, <ExamFeesPage />),
      },
      // Academics (features/academics/academics.manifest.ts).
      { path: '/calendar', element: needs(ACADEMICS_SCREENS['/calendar'].permission, <CalendarPage />) },
      // Messaging and fee reminders (features/messaging/messaging.manifest.ts).
      { path: '/reminder', element: needs(MESSAGING_SCREENS['/reminder'].permission, <ReminderPage />) },
      { path: '/messages', element: needs(MESSAGING_SCREENS['/messages'].permission, <MessagesPage />) },
      // Reception desk (features/desk/desk.manifest.ts).
      {
        path: '/admission-enquiry',
        element: needs(DESK_SCREENS['/admission-enquiry'].permission, <EnquiriesPage />),
      },
      {
        path: '/postal-records',
        element: needs(DESK_SCREENS['/postal-records'].permission, <PostalPage />),
      },
      { path: '/my-post', element: needs(DESK_SCREENS['/my-post'].permission, <MyPostPage />) },
      { path: '/complaints', element: needs(DESK_SCREENS['/complaints'].permission, <ComplaintsPage />) },
      {
        path: '/complaints/committees',
        element: needs(DESK_SCREENS['/complaints/committees'].permission, <CommitteesPage />),
      },
      { path: '/suggestions', element: needs(DESK_SCREENS['/suggestions'].permission, <SuggestionsPage />) },
      { path: '/timetable', element: needs(ACADEMICS_SCREENS['/timetable'].permission, <TimetablePage />) },
      { path: '/homework', element: needs(ACADEMICS_SCREENS['/homework'].permission, <HomeworkPage />) },
      {
        path: '/homework/:id',
        element: needs(ACADEMICS_SCREENS['/homework'].permission, <AssignmentPage />),
      },
      { path: '/exams', element: needs(ACADEMICS_SCREENS['/exams'].permission, <ExamsPage />) },
      {
        path: '/attendance',
        element: needs(ACADEMICS_SCREENS['/attendance'].permission, <AttendancePage />),
      },
      // Add and edit share one form, keyed so each starts fresh.
      ...(['/staff/new', '/staff/:id/edit'] as const).map((path) => ({
        path,
        element: needs('staff:write', <StaffFormPage key={path} />),
      })),
      ...(['/parent/new', '/parent/:id/edit'] as const).map((path) => ({
        path,
        element: needs('guardians:write', <GuardianFormPage key={path} />),
      })),
    ],
  },
];
