import { BDR_MESSAGES } from '@schooliko/common/bdrs';
import { DOMAIN_MESSAGES } from '@schooliko/common/domains';
import { UPLOAD_MESSAGES } from '@schooliko/common/uploads';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

// Our English texts (the schemas' and the server's), by their key in domainRegistration.json.
export const KNOWN_MESSAGES: Record<string, Record<string, unknown>> = {
  bdr: BDR_MESSAGES,
  domain: DOMAIN_MESSAGES,
  upload: UPLOAD_MESSAGES,
};
const keyByText = new Map(
  Object.entries(KNOWN_MESSAGES).flatMap(([group, texts]) =>
    Object.entries(texts).flatMap(([key, text]) =>
      typeof text === 'string' ? [[text, `${group}.${key}`] as const] : [],
    ),
  ),
);

type Translate = (key: string, options?: Record<string, unknown>) => string;

const PATTERNS: [RegExp, (m: RegExpExecArray, t: Translate) => string][] = [
  [
    /^Please wait (\d+) seconds? before requesting a new OTP\.$/,
    (m, t) => t('domainRegistration.messages.resendWait', { count: Number(m[1]) }),
  ],
  [
    /^(\d+) attempts? left$/,
    (m, t) => t('domainRegistration.messages.attemptsLeft', { count: Number(m[1]) }),
  ],
  [
    /^Too many attempts\. Please try again in (\d+) seconds?\.$/,
    (m, t) => t('domainRegistration.messages.tooMany', { count: Number(m[1]) }),
  ],
  [
    /^Image size should be less than (\d+)MB\. Current size: (.+)$/,
    (m, t) => t('domainRegistration.messages.tooLarge', { limit: m[1], size: m[2] }),
  ],
  [
    /^Please upload images for: (.+)$/,
    (m, t) => t('domainRegistration.messages.roleImagesMissing', { roles: roleList(m[1] ?? '', t) }),
  ],
  [/^At most (\d+) characters$/, (m, t) => t('domainRegistration.messages.atMost', { count: Number(m[1]) })],
  [
    /^Failed to upload: (.+)$/,
    (m, t) => t('domainRegistration.messages.someFailed', { roles: roleList(m[1] ?? '', t) }),
  ],
];

function roleList(roles: string, t: Translate): string {
  return roles
    .split(', ')
    .map((role) => t(`domainRegistration.roles.${role}`))
    .join(', ');
}

/** One of our messages in the chosen language; anything else is shown as the server sent it. */
export function translateMessage(text: string | null | undefined, t: Translate): string {
  if (!text) return '';
  const key = keyByText.get(text);
  if (key) return t(`domainRegistration.messages.${key}`);
  for (const [pattern, render] of PATTERNS) {
    const match = pattern.exec(text);
    if (match) return render(match, t);
  }
  return text;
}

export function useRegistrationMessage() {
  const { t } = useTranslation();
  return useCallback((text: string | null | undefined) => translateMessage(text, t as Translate), [t]);
}
