import type { PublicSitePage } from '@schooliko/common/website';

/** Spec 1's nav bar, in order, with the path each entry opens. */
export const SITE_NAV: { page: PublicSitePage; path: string }[] = [
  { page: 'home', path: '/homepage' },
  { page: 'about', path: '/about' },
  { page: 'admissions', path: '/admissions' },
  { page: 'faculty', path: '/faculty' },
  { page: 'students', path: '/students' },
  { page: 'contact', path: '/contact' },
  { page: 'pay-fees', path: '/pay-fees' },
];

/** The key of a page's name in publicSite.nav. */
export const navKey = (page: PublicSitePage) => (page === 'pay-fees' ? 'payFees' : page);
