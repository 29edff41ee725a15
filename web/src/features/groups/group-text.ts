import type { GroupType } from '@schooliko/common/groups';
import type { TFunction } from 'i18next';

export const groupTypeLabel = (t: TFunction, type: GroupType | string) =>
  t(`groups.types.${type}`, { defaultValue: type });
