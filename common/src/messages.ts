/**
 * Every text we show for a failure or an outcome has a stable code, `<namespace>.<key>`, so the
 * API can answer `code` (and `params` for a text with values in it) next to the spec's English
 * `message`, and the web translates by code (docs/decisions/009-error-codes.md).
 *
 * A catalogue is declared once with `defineMessages('students', { … })`: its values stay the
 * English texts (server code and tests keep reading `STUDENT_MESSAGES.notFound`), and each text
 * is remembered with its code. A template (a function) also remembers every text it produces,
 * with its values named by `params`, so a schema's `max(200, CONTACT_MESSAGES.tooLong(200))`
 * reaches a form as `profile.tooLong` with `{ max: 200 }`.
 */
export type MessageParams = Record<string, string | number>;
export type Coded = { code: string; params?: MessageParams };

/** Each text's codes, the first declared first (a text a few catalogues share has several). */
const byText = new Map<string, Coded[]>();
/** Texts made at run time (a group's name in a template) are remembered up to this many. */
const MAX_REMEMBERED = 5_000;

type Template = (...args: never[]) => string;
type Texts = Record<string, string | Template | readonly string[] | number>;

function remember(text: string, coded: Coded) {
  const known = byText.get(text);
  if (!known) {
    if (byText.size < MAX_REMEMBERED) byText.set(text, [coded]);
  } else if (!known.some((c) => c.code === coded.code)) known.push(coded);
  else if (coded.params) known[known.findIndex((c) => c.code === coded.code)] = coded;
}

/** Fixed texts declared by a second namespace (a test keeps this empty: one text, one code). */
const repeated: { text: string; codes: [string, string] }[] = [];
export function repeatedTexts(): readonly { text: string; codes: [string, string] }[] {
  return repeated;
}

function paramValue(value: unknown): string | number {
  if (typeof value === 'number') return value;
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/**
 * Declares a namespace's texts. `params` names a template's arguments, in order, as its
 * translations name them (`{{max}}`): `defineMessages('profile', { tooLong: (max: number) => … },
 * { tooLong: ['max'] })`. The first namespace to declare a text keeps it.
 */
export function defineMessages<T extends Texts>(
  namespace: string,
  texts: T,
  params: { [K in keyof T]?: readonly string[] } = {},
): T {
  const declared: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(texts)) {
    const code = `${namespace}.${key}`;
    if (typeof value === 'string') {
      const earlier = byText.get(value)?.[0];
      if (earlier && earlier.code.split('.')[0] !== namespace)
        repeated.push({ text: value, codes: [earlier.code, code] });
      remember(value, { code });
      declared[key] = value;
    } else if (typeof value === 'function') {
      const names = params[key] ?? [];
      declared[key] = (...args: unknown[]) => {
        const text = (value as (...a: unknown[]) => string)(...args);
        const values = Object.fromEntries(names.map((name, i) => [name, paramValue(args[i])]));
        remember(text, names.length > 0 ? { code, params: values } : { code });
        return text;
      };
    } else declared[key] = value;
  }
  return declared as T;
}

/**
 * The code (and values) of one of our texts; undefined for a text that is not ours. A text that
 * several catalogues declare answers with the code of the `prefer` namespace when it is one of
 * them (the server passes the route's first path segment: `/api/groups/…` prefers `groups`), else
 * with the first declared, so a route of a module gets its own module's code whatever the order
 * the catalogues were loaded in.
 */
export function codeOf(text: string | null | undefined, prefer?: string): Coded | undefined {
  const known = text ? byText.get(text) : undefined;
  if (!known) return undefined;
  return (prefer && known.find((c) => c.code.startsWith(`${prefer}.`))) || known[0];
}

/** Texts every module may answer: the HTTP layer's own, and field limits shared by the schemas. */
export const COMMON_MESSAGES = defineMessages(
  'common',
  {
    internal: 'Internal server error',
    invalidInput: 'Invalid input',
    invalidRequest: 'Invalid request',
    invalidValue: 'Invalid value',
    badRequest: 'Bad request',
    badHost: 'The address this request was sent to is not a valid host name.',
    alreadyExists: 'This record already exists',
    unavailable: 'Service temporarily unavailable. Please try again shortly.',
    uploadCutShort: 'The upload was cut short or is not a valid multipart form. Please try again.',
    tooLarge: 'The request is too large',
    unsupportedType: 'Unsupported content type',
    tooManyRequests: 'Too many requests. Please try again later.',
    notFound: 'Not found',
    atMost: (max: number) => `At most ${max} characters`,
  },
  { atMost: ['count'] },
);
