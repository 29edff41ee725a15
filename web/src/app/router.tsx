import { lazy, type ReactNode, Suspense } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { PageLoader } from '../layout/page-loader';

const LandingPage = lazy(() => import('../features/landing/landing-page'));
const UnauthorizedPage = lazy(() => import('../features/errors/unauthorized-page'));
const SignInPage = lazy(() => import('../features/auth/signin-page'));
const SignUpPage = lazy(() => import('../features/auth/signup-page'));
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page'));

const page = (node: ReactNode) => <Suspense fallback={<PageLoader />}>{node}</Suspense>;

/**
 * Every route of spec 2.1; each page is its own lazily loaded chunk. Sections: public pages,
 * auth pages, the institute's public site, and the signed-in app inside the shell layout.
 */
export const router = createBrowserRouter([
  // Public
  { path: '/', element: page(<LandingPage />) },
  { path: '/unauthorized', element: page(<UnauthorizedPage />) },
  // Auth pages
  { path: '/signIn', caseSensitive: true, element: <Navigate to="/signin" replace /> },
  { path: '/signin', element: page(<SignInPage />) },
  { path: '/signup', element: page(<SignUpPage />) },
  { path: '/forgot-password', element: page(<ForgotPasswordPage />) },
  { path: '/reset-password', element: page(<ResetPasswordPage />) },
  // Public site
  // Signed-in app (shell layout)
  { path: '*', element: <Navigate to="/" replace /> },
]);
