import type { Role } from '@schooliko/common/auth';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { failureOf } from '../app/api';
import { useAppDispatch } from '../app/hooks';
import { useSwitchRoleMutation } from '../features/auth';
import { messageText } from '../kit/forms/messages';
import { toast } from '../kit/toast/toast.slice';
import { homePathFor } from './sidebar-items';

export type RoleSwitch = { switchingTo: Role | null; switchTo: (role: Role) => Promise<void> };

/**
 * Switch Role that really switches (DESIGN 6): a fresh token for the chosen role, then that
 * role's home. Until the new home is on screen the page area shows a loader, so the old page's
 * role guard never sees the new role and bounces to /unauthorized on the way.
 */
export function useRoleSwitch(): RoleSwitch {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [switchRole] = useSwitchRoleMutation();
  const [switchingTo, setSwitchingTo] = useState<Role | null>(null);

  useEffect(() => {
    if (switchingTo && pathname === homePathFor(switchingTo)) setSwitchingTo(null);
  }, [switchingTo, pathname]);

  const switchTo = useCallback(
    async (role: Role) => {
      setSwitchingTo(role);
      try {
        await switchRole({ role }).unwrap();
      } catch (error) {
        setSwitchingTo(null);
        const failure = failureOf(error, t('shell.roleSwitchFailed'));
        dispatch(toast.error(messageText(t, failure.message, failure.coded)));
        return;
      }
      const home = homePathFor(role);
      if (pathname === home) setSwitchingTo(null);
      navigate(home, { replace: true });
      dispatch(toast.success(t('shell.roleSwitched', { role: t(`common.roles.${role}`) })));
    },
    [dispatch, navigate, pathname, switchRole, t],
  );

  return { switchingTo, switchTo };
}
