import { WEBSITE_MESSAGES } from '@schooliko/common/website';
import type { TFunction } from 'i18next';
import { messageText } from '../../kit/forms/messages';

/** Create answers 'Your website is live!' followed by what happened to the group choice. */
export function publishedText(t: TFunction, message: string | undefined): string {
  const live = `${WEBSITE_MESSAGES.published} `;
  if (!message?.startsWith(live)) return messageText(t, message);
  return `${messageText(t, WEBSITE_MESSAGES.published)} ${messageText(t, message.slice(live.length))}`;
}
