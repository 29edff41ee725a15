import { AUTH_MESSAGES } from '@schooliko/common/auth';
import { INSTITUTE_MESSAGES } from '@schooliko/common/institutes';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

// The schemas' and the server's English texts, by the key their translations use in auth.json.
const KNOWN: Record<string, string> = {
  ...AUTH_MESSAGES,
  defaultData: INSTITUTE_MESSAGES.defaultData,
  nameTooLong: 'Name is too long',
  passwordMax: 'Password must be at most 128 characters',
};
const keyByText = new Map(Object.entries(KNOWN).map(([key, text]) => [text, key]));
const TOO_MANY = /^Too many attempts\. Please try again in (\d+) seconds?\.$/;

/** The auth.json key of one of our known English messages, or null for any other text. */
export function messageKey(text: string): string | null {
  return keyByText.get(text) ?? null;
}

type Translate = (key: string, options?: { count: number }) => string;

/** Our own texts in the chosen language; anything else the server says is shown as sent. */
export function translateMessage(text: string | undefined | null, t: Translate): string {
  if (!text) return '';
  const wait = TOO_MANY.exec(text);
  if (wait) return t('auth.messages.tooManyAttempts', { count: Number(wait[1]) });
  const key = messageKey(text);
  return key ? t(`auth.messages.${key}`) : text;
}

/** translateMessage bound to the current language. */
export function useAuthMessage() {
  const { t } = useTranslation();
  return useCallback((text: string | undefined | null) => translateMessage(text, t), [t]);
}
