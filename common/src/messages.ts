/**
 * Every text we show for a failure or an outcome has a stable code, `<namespace>.<key>`, so the
 * API can answer `code` (and `params` for a text with values in it) next to the spec's English
 * `message`, and the web translates by code (docs/decisions/009-error-codes.md).
 *
 * A catalogue is declared once with `defineMessages('students', { … })`: each value is a
 * `Message`, its code first and its English text a property (`STUDENT_MESSAGES.notFound.text`),
 * so whoever throws or answers it knows its code without looking the text up, and two
 * catalogues may say the same sentence under their own codes. A template (a function) makes a
 * Message with its values named by `params`, so a schema's `max(200, CONTACT_MESSAGES.tooLong(200))`
 * reaches a form as `profile.tooLong` with `{ max: 200 }`.
 */
export type MessageParams = Record<string, string | number>;
export type Coded = { code: string; params?: MessageParams };

/**
 * One of our texts with its code. A zod check takes it as its params (`z.string().min(1,
 * MESSAGES.required)`): its `error` gives zod the text and leaves the code on the issue
 * (`issue.coded`), where the server's error handler reads it. It prints as its text.
 */
export class Message {
  /** zod's error map for a check that fails with this text; the only enumerable field, so a zod def spreading it takes nothing else. */
  readonly error: (issue: object) => string;
  readonly #text: string;
  readonly #coded: Coded;

  constructor(text: string, coded: Coded) {
    this.#text = text;
    this.#coded = coded;
    this.error = (issue) => {
      (issue as { coded?: Coded }).coded = coded;
      return text;
    };
  }

  get text(): string {
    return this.#text;
  }
  get code(): string {
    return this.#coded.code;
  }
  get params(): MessageParams | undefined {
    return this.#coded.params;
  }
  get coded(): Coded {
    return this.#coded;
  }
  /** The fields of a custom issue with this text: `ctx.addIssue({ code: 'custom', path, ...M.issue })`. */
  get issue(): { message: string; coded: Coded } {
    return { message: this.#text, coded: this.#coded };
  }
  toString(): string {
    return this.#text;
  }
  toJSON(): string {
    return this.#text;
  }
}

/** The code a finished zod issue carries when its text is one of ours (see Message.error). */
export function issueCoded(issue: unknown): Coded | undefined {
  const coded = (issue as { coded?: unknown } | null | undefined)?.coded;
  return coded && typeof (coded as Coded).code === 'string' ? (coded as Coded) : undefined;
}

type Template = (...args: never[]) => string;
type Texts = Record<
  string,
  string | Template | Message | ((...args: never[]) => Message) | readonly string[] | number
>;
/** A catalogue as declared: texts become Messages, templates make them, anything else stays. */
export type Messages<T extends Texts> = {
  readonly [K in keyof T]: T[K] extends string
    ? Message
    : T[K] extends (...args: infer A) => string
      ? (...args: A) => Message
      : T[K];
};

/**
 * The web's index of fixed texts, for a text that reaches it without its code: a success answer
 * (`Ok` carries its message only). A form's own zod check does not need it: the web's form helper
 * reads the code on the issue (issueCoded). The first namespace to declare a text is the one it is
 * translated by; the server never reads this, it has the Message.
 */
const byText = new Map<string, Coded>();

/** The code the web translates a text of ours by (see byText); undefined for a text not ours. */
export function codeOfText(text: string | null | undefined): Coded | undefined {
  return text ? byText.get(text) : undefined;
}

/** A catalogue's fixed texts by key (its templates and other values left out): for tests. */
export function textsOf(catalogue: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(catalogue).flatMap(([key, value]) =>
      value instanceof Message ? [[key, value.text]] : [],
    ),
  );
}

function paramValue(value: unknown): string | number {
  if (typeof value === 'number') return value;
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/**
 * Declares a namespace's texts (another catalogue's Message or template may be shared, and keeps
 * its own code). `params` names a template's arguments, in order, as its
 * translations name them (`{{max}}`): `defineMessages('profile', { tooLong: (max: number) => … },
 * { tooLong: ['max'] })`.
 */
export function defineMessages<T extends Texts>(
  namespace: string,
  texts: T,
  params: { [K in keyof T]?: readonly string[] } = {},
): Messages<T> {
  const declared: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(texts)) {
    const code = `${namespace}.${key}`;
    if (typeof value === 'string') {
      if (!byText.has(value)) byText.set(value, { code });
      declared[key] = new Message(value, { code });
    } else if (typeof value === 'function') {
      const names = params[key] ?? [];
      declared[key] = (...args: unknown[]) => {
        const text = (value as (...a: unknown[]) => string | Message)(...args);
        // Another catalogue's template, shared: its Message keeps that catalogue's code.
        if (text instanceof Message) return text;
        const values = Object.fromEntries(names.map((name, i) => [name, paramValue(args[i])]));
        return new Message(text, names.length > 0 ? { code, params: values } : { code });
      };
    } else declared[key] = value;
  }
  return declared as Messages<T>;
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
    reportsBusy: (seconds: number) =>
      `Too many exports and printouts are being prepared at once. Please try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`,
  },
  { atMost: ['count'], reportsBusy: ['count'] },
);
