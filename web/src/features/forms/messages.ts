import { GROUP_LOGO_MESSAGES } from '@schooliko/common/group-logo';
import { GROUP_MESSAGES } from '@schooliko/common/groups';
import { PINCODE_MESSAGES } from '@schooliko/common/pincode';
import { CONTACT_MESSAGES } from '@schooliko/common/profile';
import { ADMISSION_MESSAGES, WEBSITE_MESSAGES } from '@schooliko/common/website';
import type { TFunction } from 'i18next';

// English text (common/src) -> translation key, for the fixed texts that reach the screen.
const KEYS = new Map<string, string>();
// The first feature to name a text keeps it (the same English may sit in two features' strings).
const add = (prefix: string, messages: Record<string, unknown>) => {
  for (const [key, value] of Object.entries(messages))
    if (typeof value === 'string' && !KEYS.has(value)) KEYS.set(value, `${prefix}.${key}`);
};
add('profile.messages', CONTACT_MESSAGES);
add('profile.pincode', PINCODE_MESSAGES);
add('website.messages', WEBSITE_MESSAGES);
add('publicSite.messages', ADMISSION_MESSAGES);
add('groups.messages', GROUP_MESSAGES);
add('groups.logo', GROUP_LOGO_MESSAGES);

/**
 * A message from the shared schemas or the server, in the reader's language; texts we have no
 * translation for (e.g. another module's) are shown as sent.
 */
export function messageText(t: TFunction, message: string | null | undefined): string {
  if (!message) return '';
  const key = KEYS.get(message);
  if (key) return t(key, { defaultValue: message });
  // Create answers 'Your website is live!' followed by what happened to the group choice.
  const live = `${WEBSITE_MESSAGES.published} `;
  if (message.startsWith(live))
    return `${t('website.messages.published')} ${messageText(t, message.slice(live.length))}`;
  const tooLong = /^Please keep this under (\d+) characters$/.exec(message);
  if (tooLong) return t('profile.messages.tooLong', { max: Number(tooLong[1]) });
  const created = /^Your group "(.+)" has been created and this institute is part of it\.$/.exec(message);
  if (created) return t('website.messages.groupCreated', { name: created[1] });
  return message;
}
