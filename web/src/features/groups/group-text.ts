import { GROUP_LOGO_MESSAGES } from '@schooliko/common/group-logo';
import { GROUP_MESSAGES, type GroupType } from '@schooliko/common/groups';
import type { TFunction } from 'i18next';

/** English text -> key, for the spec's fixed texts (common/src/groups.ts) that reach the screen. */
const KEYS = new Map<string, string>();
for (const [key, value] of Object.entries(GROUP_MESSAGES)) {
  if (typeof value === 'string') KEYS.set(value, `groups.messages.${key}`);
}
for (const [key, value] of Object.entries(GROUP_LOGO_MESSAGES)) {
  if (typeof value === 'string') KEYS.set(value, `groups.logo.${key}`);
}

/**
 * A message from the shared schemas or the server, in the reader's language: the spec's texts
 * have translations under groups.messages / groups.logo; anything else is shown as sent.
 */
export function groupText(t: TFunction, message: string | null | undefined): string {
  if (!message) return '';
  const key = KEYS.get(message);
  return key ? t(key, { defaultValue: message }) : message;
}

export const groupTypeLabel = (t: TFunction, type: GroupType | string) =>
  t(`groups.types.${type}`, { defaultValue: type });
