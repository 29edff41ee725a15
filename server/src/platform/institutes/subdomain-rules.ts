import { domainToASCII, domainToUnicode } from 'node:url';
import { subdomainLabel } from '@schooliko/common/domains';
import type { Message } from '@schooliko/common/messages';
import { isReservedSubdomain } from '@schooliko/common/subdomains';
import { WEBSITE_MESSAGES } from '@schooliko/common/website';
import unhomoglyph from 'unhomoglyph';
import type { Db } from '../../db/client';
import { httpError } from '../../plugins/errors';
import { institutes } from './institutes.table';

/**
 * Which labels an institute may hold as `<label>.<PLATFORM_DOMAIN>` (the website builder's new
 * branch, a registered domain's subdomain) and which international domains may be registered.
 * The one place for the rule; its syntactic part (the reserved names) is in common, so forms
 * say it inline too.
 *
 * 1. Not a reserved name (common/src/subdomains.ts): 400.
 * 2. An international label (`xn--`) must be valid punycode in canonical form, and its Unicode
 *    form written in one script (UTS #39 "single script", with the CJK combinations allowed): 400.
 * 3. It must not read as another institute's name, code or label: compared by their UTS #39
 *    skeletons (confusables.txt, through the `unhomoglyph` package), lower-cased, with everything
 *    but letters, marks and digits removed. So `green-valley`, `greenva11ey` and a Cyrillic
 *    `grееnvalley` all read as Green Valley's `greenvalley`: 409. Institutes the asker manages are
 *    left out, so a director's branch may carry the group's name.
 */

export type Refusal = { status: 400 | 409; message: Message };

const RESERVED: Refusal = { status: 400, message: WEBSITE_MESSAGES.subdomainReserved };
const LOOKALIKE: Refusal = { status: 400, message: WEBSITE_MESSAGES.subdomainLookalike };
const IMPERSONATES: Refusal = { status: 409, message: WEBSITE_MESSAGES.subdomainImpersonates };

/** The Unicode form of a label (itself unless `xn--`); null for punycode that is not valid and canonical. */
export function decodeLabel(label: string): string | null {
  if (!label.startsWith('xn--')) return label;
  const unicode = domainToUnicode(label);
  if (!unicode || unicode.includes('.') || domainToASCII(unicode) !== label) return null;
  return unicode;
}

// Scripts told apart; a letter of none of them counts as 'Other'. Each test uses Script_Extensions,
// so a sign shared by several scripts (the Devanagari danda) goes with any of them.
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Thaana',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Ethiopic',
  'Cherokee',
  'Han',
  'Hiragana',
  'Katakana',
  'Hangul',
  'Bopomofo',
].map((name) => [name, new RegExp(`\\p{Script_Extensions=${name}}`, 'u')] as const);
const NEUTRAL = /[\p{Script=Common}\p{Script=Inherited}]/u;
/** UTS #39's augmented script sets: Japanese, Korean and Chinese writing mix scripts by design. */
const AUGMENTED: Record<string, string[]> = {
  Han: ['Jpan', 'Kore', 'Hanb'],
  Hiragana: ['Jpan'],
  Katakana: ['Jpan'],
  Hangul: ['Kore'],
  Bopomofo: ['Hanb'],
};

function scriptsOf(char: string): Set<string> | null {
  const found = new Set<string>();
  for (const [name, pattern] of SCRIPTS)
    if (pattern.test(char)) {
      found.add(name);
      for (const extra of AUGMENTED[name] ?? []) found.add(extra);
    }
  if (found.size) return found;
  return NEUTRAL.test(char) ? null : new Set(['Other']);
}

/** True when no one script covers every letter (digits, hyphens and marks go with any). */
export function mixesScripts(text: string): boolean {
  let shared: string[] | undefined;
  for (const char of text) {
    const own = scriptsOf(char);
    if (!own) continue;
    shared = shared ? shared.filter((script) => own.has(script)) : [...own];
    if (shared.length === 0) return true;
  }
  return false;
}

const NOT_A_LETTER = /[^\p{L}\p{M}\p{N}]/gu;

/**
 * What a text looks like: its UTS #39 skeleton, lower-cased, letters, marks and digits only
 * (punctuation goes first: confusables.txt reads a dash as a Katakana sign).
 */
export function lookalikeKey(text: string): string {
  const letters = text.normalize('NFD').toLowerCase().replace(NOT_A_LETTER, '');
  return unhomoglyph(letters).normalize('NFD').toLowerCase().replace(NOT_A_LETTER, '');
}

/** A host's first label, decoded when international. */
const firstLabel = (host: string) => {
  const label = subdomainLabel(host);
  return decodeLabel(label) ?? label;
};

/**
 * The rule with the institutes on record read once: call the answer for each candidate label.
 * `own`: ids of institutes the asker manages, whose names and labels they may reuse.
 */
export async function platformLabelRule(
  db: Db,
  own: readonly string[] = [],
): Promise<(label: string) => Refusal | null> {
  const rows = await db
    .select({
      id: institutes.id,
      name: institutes.name,
      code: institutes.code,
      domain: institutes.domain,
      subdomain: institutes.subdomain,
    })
    .from(institutes);
  const taken = new Set<string>();
  for (const row of rows) {
    if (own.includes(row.id)) continue;
    const texts = [row.name, row.code, firstLabel(row.domain), row.subdomain && firstLabel(row.subdomain)];
    for (const text of texts) if (text) taken.add(lookalikeKey(text));
  }
  taken.delete('');
  return (label) => {
    if (isReservedSubdomain(label)) return RESERVED;
    const unicode = decodeLabel(label);
    if (unicode === null || mixesScripts(unicode)) return LOOKALIKE;
    return taken.has(lookalikeKey(unicode)) ? IMPERSONATES : null;
  };
}

/** The refusal as the answer, its message on the form's field too. */
export function refuse(refusal: Refusal, field: string): never {
  throw httpError(refusal.status, refusal.message, { [field]: refusal.message });
}

/**
 * A registered domain (check-domain, domain-register): an international first label is held to
 * the platform rule (one script, like no institute on record); a plain one is the owner's name.
 */
export async function assertRegistrableDomain(db: Db, domain: string, field = 'domain_name'): Promise<void> {
  const label = subdomainLabel(domain);
  if (!label.startsWith('xn--')) return;
  const refusal = (await platformLabelRule(db))(label);
  if (refusal) refuse(refusal, field);
}
