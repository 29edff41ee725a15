import { type Coded, codeOfText, Message, type MessageParams } from '@schooliko/common/messages';
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Where each message namespace (common/src/messages.ts) keeps its translations: a code
 * `auth.emailRequired` is read at `auth.messages.emailRequired`. Here the shell's; each
 * module declares its own (kit/module.ts), added when the signed-in app loads (web/src/modules.ts).
 * A namespace that is not here, or a key without a translation, shows the English text as sent.
 */
const PLACES: Record<string, string> = {
  common: 'common.messages',
  auth: 'auth.messages',
  google: 'google.messages',
  account: 'account.messages',
  institute: 'auth.institute',
  bdr: 'domainRegistration.messages.bdr',
  domain: 'domainRegistration.messages.domain',
  upload: 'domainRegistration.messages.upload',
  profile: 'profile.messages',
  pincode: 'profile.pincode',
  admission: 'publicSite.messages',
  groups: 'groups.messages',
  groupLogo: 'groups.logo',
  dateField: 'lists.dateField.messages',
};

/**
 * Adds a module's namespaces and their places (web/src/modules.ts calls it for each module). A
 * namespace has one place: a second module declaring it is a mistake, told at once.
 */
export function registerMessagePlaces(places: Readonly<Record<string, string>>) {
  for (const [namespace, place] of Object.entries(places)) {
    if (PLACES[namespace] && PLACES[namespace] !== place) {
      throw new Error(`Message namespace ${namespace} is placed at ${PLACES[namespace]} already`);
    }
    PLACES[namespace] = place;
  }
}

/** Values that are themselves words to translate: a list of roles ("director, parent"). */
function translatedParams(t: TFunction, params: MessageParams | undefined): MessageParams {
  if (typeof params?.roles !== 'string') return params ?? {};
  const roles = params.roles
    .split(', ')
    .map((role) => t(`domainRegistration.roles.${role}`, { defaultValue: role }))
    .join(', ');
  return { ...params, roles };
}

/**
 * One of our texts in the reader's language, by its code: the code the server answered with, a
 * Message's own, or, for a text made here (a form's own check), the code the catalogues know it
 * by. Anything else is shown as sent.
 */
export function messageText(
  t: TFunction,
  said: Message | string | null | undefined,
  coded: Coded | undefined = said instanceof Message ? said.coded : codeOfText(said),
): string {
  const message = said instanceof Message ? said.text : said;
  if (!message) return '';
  if (!coded) return message;
  const dot = coded.code.indexOf('.');
  const place = PLACES[coded.code.slice(0, dot)];
  if (!place) return message;
  return t(`${place}.${coded.code.slice(dot + 1)}`, {
    ...translatedParams(t, coded.params),
    defaultValue: message,
  });
}

/**
 * A grid's field errors by pupil: the server names a row of the list it was sent (`entries.3.marks`,
 * `remarks.0.remark`); each is shown beside that row's pupil, in the reader's language.
 */
export function errorsByPupil(
  t: TFunction,
  failure: { errors?: Record<string, string>; codes?: Record<string, Coded> },
  list: string,
  sent: readonly { student_id: string }[],
): Record<string, string> {
  const byRow: Record<string, string> = {};
  for (const [field, message] of Object.entries(failure.errors ?? {})) {
    const n = field.startsWith(`${list}.`) ? Number.parseInt(field.slice(list.length + 1), 10) : Number.NaN;
    const row = sent[n];
    if (row) byRow[row.student_id] = messageText(t, message, failure.codes?.[field]);
  }
  return byRow;
}

/**
 * A form field's error in the reader's language (now, and after the language changes): by the code
 * `useSchemaForm` keeps on it, never by its English; an error without one as it came.
 */
export function fieldErrorText(
  t: TFunction,
  error: { message?: unknown; coded?: Coded } | undefined,
): string | undefined {
  if (!error || typeof error.message !== 'string') return undefined;
  return error.coded ? messageText(t, error.message, error.coded) : error.message;
}

/** A text to show later (an alert), with the code the server sent for it. */
export type Said = { message: string; coded?: Coded };

/** messageText bound to the current language. */
export function useMessageText() {
  const { t } = useTranslation();
  return useCallback(
    (message: Message | string | null | undefined, coded?: Coded) => messageText(t, message, coded),
    [t],
  );
}
