import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import type { MyGroups } from '@schooliko/common/groups';
import type { Ok } from '@schooliko/common/http';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { api } from '../../app/api';
import { useAppSelector } from '../../app/hooks';
import { PageLoader } from '../../layout/page-loader';

/**
 * Whether the signed-in director directs a group: my-groups (features/groups/groups.api.ts), read
 * here under its own name because importing groups.api would split it, with the pincode helpers,
 * into chunks of their own in the shell's first view (bench/bundles.mjs).
 */
const { useDirectsAGroupQuery } = api.injectEndpoints({
  endpoints: (build) => ({
    directsAGroup: build.query<boolean, void>({
      query: () => '/groups/director/my-groups',
      transformResponse: (response: Ok<MyGroups>) => response.data.groups.length > 0,
      providesTags: ['Groups'],
    }),
  }),
});

/**
 * A director's new branch joins the group they direct: without one there is nothing to join, so
 * they are asked to create it first (an admin's branch joins their institute's group, if any).
 */
export default function NeedsGroup({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const director = useAppSelector((s) => s.auth.user?.role === 'director');
  const group = useDirectsAGroupQuery(undefined, { skip: !director, refetchOnMountOrArgChange: true });
  if (!director) return children;
  if (group.isLoading) return <PageLoader />;
  if (group.data === false)
    return (
      <Alert
        severity="warning"
        action={
          <Button component={RouterLink} to="/director/create-group" color="inherit" size="small">
            {t('website.institute.needsGroupAction')}
          </Button>
        }
      >
        <AlertTitle>{t('website.institute.needsGroupTitle')}</AlertTitle>
        {t('website.institute.needsGroup')}
      </Alert>
    );
  return children;
}
