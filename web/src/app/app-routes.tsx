import type { Permission } from '@schooliko/common/permissions';
import type { ReactNode } from 'react';
import { lazy } from 'react';
import type { RouteObject } from 'react-router';
import { ROUTE_ROLES } from '../features/auth/access';
import { RequireAuth } from '../features/auth/require-auth';
import { PEOPLE_PAGES } from '../features/people/people.module';
import { HomeOrList, NeedsPermission } from '../features/people/people-route';
import { WEBSITE } from '../features/website/website.module';
import { modulePage } from '../kit/module';
import AppLayout from '../layout/app-layout';
import { SCREENS } from './screens';

const HomePage = lazy(() => import('../features/home/home-page'));
const AdminDashboardPage = lazy(() => import('../features/dashboard/admin-dashboard-page'));
const DirectorDashboardPage = lazy(() => import('../features/dashboard/director-dashboard-page'));
const GroupFormPage = lazy(() => import('../features/groups/group-form-page'));
// Branches (issue 12): the director's group view, every branch side by side.
const GroupPage = lazy(() => import('../features/branches/group-page'));
// Website builder, public site, profile (issue #6)
const WebsitePage = modulePage(WEBSITE, () => import('../features/website/website-page'));
const ProfilePage = lazy(() => import('../features/profile/profile-page'));
const AccountPage = lazy(() => import('../features/account/account-page'));
// People records (issue 12): records and forms (the lists are the people module's screens).
const StudentsPage = lazy(() => import('../features/people/students-page'));
const StudentProfilePage = lazy(() => import('../features/people/student-profile-page'));
const AddStudentPage = lazy(() => import('../features/people/add-student-page'));
const PromotePage = lazy(() => import('../features/people/promote-page'));
const StaffProfilePage = lazy(() => import('../features/people/staff-profile-page'));
const StaffFormPage = lazy(() => import('../features/people/staff-form-page'));
const GuardianProfilePage = lazy(() => import('../features/people/guardian-profile-page'));
const GuardianFormPage = lazy(() => import('../features/people/guardian-form-page'));
const ChangeRequestsPage = lazy(() => import('../features/change-requests/change-requests-page'));

/** A page inside the shell layout that only these roles may open (spec 6.2). */
const only = (roles: readonly string[], node: ReactNode) => <RequireAuth roles={roles}>{node}</RequireAuth>;
const needs = (permission: Permission | readonly Permission[], node: ReactNode) => (
  <NeedsPermission permission={permission}>{node}</NeedsPermission>
);
const READ_STUDENTS = ['students:read', 'students:read:own'] as const;

/**
 * The modules' screens: a path shared with a role's home shows that role its home and anyone else
 * the module's page (HomeOrList); any other screen needs one of its permissions.
 */
const MODULE_ROUTES: RouteObject[] = SCREENS.map((screen) => {
  const Page = modulePage(screen.module, screen.page);
  return {
    path: screen.path,
    element: screen.home ? (
      <HomeOrList home={<HomePage />} list={<Page />} />
    ) : (
      needs(screen.permission, <Page />)
    ),
  };
});

/**
 * The signed-in app: the shell layout and every screen inside it, each screen its own lazily
 * loaded chunk. This table and the layout are one chunk, which the router patches in (with the
 * rest of the English strings) on the first navigation to a path the public routes do not match
 * (router.tsx), so the sign-in page and the public site do not carry them.
 */
export const APP_ROUTES: RouteObject[] = [
  // The shell layout. Children render in AppLayout's <Outlet/> (it has its own Suspense). A
  // module's screens come from its module (kit/module.ts). Adding a shell screen: a child here
  // with its guard, AND its path and roles in AVAILABLE_ROUTES (layout/sidebar-items.ts) so the
  // sidebar and menus link to it.
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
      // Every module's screens (web/src/modules.ts), each guarded by what opens it.
      ...MODULE_ROUTES,
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
