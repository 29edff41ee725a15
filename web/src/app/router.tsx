import { lazy } from 'react';
import {
  createBrowserRouter,
  Navigate,
  type PatchRoutesOnNavigationFunction,
  type RouteObject,
} from 'react-router';
import { loadAllStrings } from './i18n';
import { page, withAllStrings } from './lazy-page';
import { RouteError } from './route-error';

const LandingPage = lazy(() => import('../features/landing/landing-page'));
const UnauthorizedPage = lazy(() => import('../features/errors/unauthorized-page'));
const DomainRegistrationPage = withAllStrings(
  () => import('../features/domain-registration/domain-registration-page'),
);
const SignInPage = lazy(() => import('../features/auth/signin-page'));
const SignUpPage = lazy(() => import('../features/auth/signup-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page'));
const PublicSiteLayout = withAllStrings(() => import('../features/public-site/public-site-layout'));
const SiteHomePage = lazy(() => import('../features/public-site/home-page'));
const SiteAboutPage = lazy(() => import('../features/public-site/about-page'));
const SiteAdmissionsPage = lazy(() => import('../features/public-site/admissions-page'));
const SiteFacultyPage = lazy(() => import('../features/public-site/faculty-page'));
const SiteStudentsPage = lazy(() => import('../features/public-site/students-page'));
const SiteContactPage = lazy(() => import('../features/public-site/contact-page'));
const SitePayFeesPage = lazy(() => import('../features/public-site/pay-fees-page'));
const UnknownAddress = withAllStrings(() => import('./unknown-address'));

/** Every top-level route shows RouteError when its page throws or its chunk does not load. */
const withErrorPage = (routes: RouteObject[]): RouteObject[] =>
  routes.map((route) => ({ errorElement: <RouteError />, ...route }));

let appRoutesPatched = false;

/**
 * Adds the signed-in app's routes (app-routes.tsx) once, whichever navigation asks first; the
 * shell's strings beyond the first view come with them.
 */
async function patchAppRoutes(patch: Parameters<PatchRoutesOnNavigationFunction>[0]['patch']) {
  const [{ APP_ROUTES }] = await Promise.all([import('./app-routes'), loadAllStrings()]);
  if (appRoutesPatched) return;
  appRoutesPatched = true;
  patch(null, withErrorPage(APP_ROUTES));
}

/**
 * Every route of spec 2.1; each page is its own lazily loaded chunk. Here: the public pages, the
 * auth pages and the institute's public site. The signed-in app's table (app-routes.tsx) loads on
 * the first navigation that none of these match: every such path first matches the catch-all
 * below, whose splat makes React Router ask `patchRoutesOnNavigation`, and once the table is
 * patched in, a screen's path matches its route and the catch-all keeps only the unknown ones.
 */
export const router = createBrowserRouter(
  withErrorPage([
    // Public
    { path: '/', element: page(<LandingPage />) },
    { path: '/unauthorized', element: page(<UnauthorizedPage />) },
    // Spec 2.3: open to anyone, no header or sidebar, only the toast.
    { path: '/domain-registration', element: page(<DomainRegistrationPage />) },
    // Auth pages
    { path: '/signIn', caseSensitive: true, element: <Navigate to="/signin" replace /> },
    { path: '/signin', element: page(<SignInPage />) },
    { path: '/signup', element: page(<SignUpPage />) },
    { path: '/forgot-password', element: page(<ForgotPasswordPage />) },
    { path: '/reset-password', element: page(<ResetPasswordPage />) },
    // Public site
    {
      element: page(<PublicSiteLayout />),
      children: [
        { path: '/homepage', element: <SiteHomePage /> },
        { path: '/home', element: <SiteHomePage /> },
        { path: '/about', element: <SiteAboutPage /> },
        { path: '/admissions', element: <SiteAdmissionsPage /> },
        { path: '/faculty', element: <SiteFacultyPage /> },
        { path: '/students', element: <SiteStudentsPage /> },
        { path: '/contact', element: <SiteContactPage /> },
        { path: '/pay-fees', element: <SitePayFeesPage /> },
      ],
    },
    // An address no route has: the shell says so to a signed-in person, others go to the landing.
    { path: '*', element: page(<UnknownAddress />) },
  ]),
  {
    async patchRoutesOnNavigation({ patch }) {
      await patchAppRoutes(patch);
    },
  },
);
