import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { JsonSchema } from './openapi';

/**
 * Requests made from an operation's JSON schemas: one plausible valid value (`example`), and
 * fast-check arbitraries of values that are plausible (`arbitrary`) or wrong (`mutations`).
 * Field names steer the strings (an `email` gets an address, a `pincode` six digits), so that
 * most routes get a request their zod schema accepts without any per-route code.
 */

const uniq = () => randomBytes(4).toString('hex');

function types(schema: JsonSchema): string[] {
  if (schema.enum) return ['enum'];
  if (schema.const !== undefined) return ['const'];
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.flatMap(types);
  if (Array.isArray(schema.type)) return schema.type;
  if (schema.type) return [schema.type];
  if (schema.properties) return ['object'];
  return [];
}

/** A string a field of this name would plausibly hold, or undefined. */
export function namedString(name: string): string | undefined {
  const n = name.toLowerCase();
  if (n.includes('email')) return `sec-${uniq()}@example.com`;
  if (n === 'confirm_password' || n.includes('password')) return 'Password@123';
  if (n.includes('mobile') || n.includes('phone') || n === 'contact') return '9876543210';
  if (n.includes('pincode')) return '411001';
  if (n === 'otp') return '123456';
  if (n === 'bdr_id') return 'schooliko_0000000001';
  if (n === 'domain_name' || n === 'domain') return `sec-${uniq()}.com`;
  if (n.includes('url') || n.includes('website') || n.includes('logo') || n.includes('image'))
    return 'https://example.com/logo.png';
  if (n.includes('date')) return '2024-01-15';
  if (n.includes('year')) return '2000';
  if (n === 'state') return 'Maharashtra';
  if (n === 'city') return 'Pune';
  if (n === 'country') return 'India';
  if (n.includes('token')) return randomBytes(16).toString('hex');
  if (n === 'id' || n.endsWith('_id') || n.endsWith('id')) return randomUUID();
  if (n === 'q' || n === 'search') return 'a';
  return undefined;
}

function fit(value: string, schema: JsonSchema): string {
  let v = value;
  const min = schema.minLength ?? 0;
  while (v.length < min) v += 'x';
  if (schema.maxLength !== undefined && v.length > schema.maxLength) v = v.slice(0, schema.maxLength);
  return v;
}

function patternString(pattern: string): string {
  const digits = /^\^\\d\{(\d+)\}\$$/.exec(pattern);
  if (digits) return '4'.repeat(Number(digits[1]));
  const [sample] = fc.sample(fc.stringMatching(new RegExp(pattern)), { numRuns: 1, seed: 7 });
  return sample ?? '';
}

function exampleString(schema: JsonSchema, name: string): string {
  if (schema.pattern) return patternString(schema.pattern);
  if (schema.format === 'email') return `sec-${uniq()}@example.com`;
  if (schema.format === 'uuid') return randomUUID();
  if (schema.format === 'uri' || schema.format === 'url') return 'https://example.com/';
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'date') return '2024-01-15';
  const named = namedString(name);
  if (named !== undefined && (schema.maxLength === undefined || named.length <= schema.maxLength))
    return fit(named, schema);
  return fit('Sample', schema);
}

function exampleNumber(schema: JsonSchema, name: string, integer: boolean): number {
  const lo = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const hi = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  let v = /year/i.test(name) ? 2000 : 1;
  if (lo !== undefined && v < lo) v = lo;
  if (hi !== undefined && v > hi) v = hi;
  return integer ? Math.ceil(v) : v;
}

export type ExampleMode = 'all' | 'required';

/** One value the schema accepts, with field names steering the strings. */
export function example(schema: JsonSchema, name = '', mode: ExampleMode = 'all'): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum.find((v) => v !== null) ?? schema.enum[0];
  // A default is valid by definition, and the likeliest value to pass the schema's refinements.
  if (schema.default !== undefined && schema.default !== null && typeof schema.default !== 'object')
    return schema.default;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) {
    const chosen = variants.find((v) => v.type !== 'null') ?? variants[0];
    return example(chosen ?? {}, name, mode);
  }
  if (schema.allOf?.length) return Object.assign({}, ...schema.allOf.map((s) => example(s, name, mode)));
  const type = types(schema)[0];
  switch (type) {
    case 'string':
      return exampleString(schema, name);
    case 'integer':
      return exampleNumber(schema, name, true);
    case 'number':
      return exampleNumber(schema, name, false);
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, mode === 'all' && (schema.maxItems ?? 1) >= 1 ? 1 : 0);
      return Array.from({ length: count }, () => example(schema.items ?? {}, name, mode));
    }
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        if (mode === 'required' && !required.has(key)) continue;
        out[key] = example(prop, key, mode);
      }
      if ('password' in out && 'confirm_password' in out) out.confirm_password = out.password;
      return out;
    }
    default:
      return 'Sample';
  }
}

const HOSTILE_STRINGS = [
  "' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '" OR 1=1; --',
  "1' UNION SELECT email, password_hash FROM users --",
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, on purpose
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  'a\u0000b',
  '\u0000',
  '\uD800',
  '\uDFFF\uD800',
  '\u202Egnp.exe',
  'e\u0301\u0301\u0301\u0301',
  'zero\u200Bwidth\uFEFF',
  '𝕊𝕔𝕙𝕠𝕠𝕝 🏫👩‍👩‍👧‍👦',
  'मराठी हिन्दी',
  '\r\nX-Injected: 1',
  ' ',
  '',
  'null',
  'undefined',
  '-1',
  '1e309',
  'NaN',
  '__proto__',
];

export const hostileString = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.string({ unit: 'binary', maxLength: 40 }),
    fc.string({ unit: 'grapheme', maxLength: 40 }),
    fc.integer({ min: 1, max: 20_000 }).map((n) => 'x'.repeat(n)),
  );

/** Values that are not of any of the given JSON types. */
function wrongTypeFor(schemaTypes: string[]): fc.Arbitrary<unknown> {
  const candidates: [string, fc.Arbitrary<unknown>][] = [
    ['string', fc.constantFrom('text', '', '12abc')],
    ['number', fc.constantFrom(0, -1, 1.5, 1e308, -1e308)],
    ['integer', fc.constantFrom(0, -1, 2 ** 53)],
    ['boolean', fc.boolean()],
    ['null', fc.constant(null)],
    ['array', fc.constantFrom([], [1, 2], ['a'])],
    ['object', fc.constantFrom({}, { a: 1 }, { $gt: '' }, JSON.parse('{"__proto__":{"admin":true}}'))],
  ];
  const accepted = new Set(schemaTypes);
  if (accepted.has('number')) accepted.add('integer');
  // A number-typed value in a string field is not a type error for JSON-coerced numbers either way.
  const wrong = candidates
    .filter(([t]) => !accepted.has(t) && !(t === 'integer' && accepted.has('number')))
    // In an integer field only a fraction is a wrong number: 0 and -1 are integers (maybe in range).
    .map(([t, a]): [string, fc.Arbitrary<unknown>] =>
      t === 'number' && accepted.has('integer') ? [t, fc.constantFrom(1.5, -0.5)] : [t, a],
    );
  return fc.oneof(...wrong.map(([, a]) => a));
}

/** A value fast-check draws from the schema: mostly plausible, sometimes odd but allowed. */
export function arbitrary(schema: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((v) => arbitrary(v, name)));
  const type = types(schema)[0];
  const plain = fc.constant(example(schema, name));
  switch (type) {
    case 'string': {
      if (schema.pattern) return fc.oneof(plain, fc.stringMatching(new RegExp(schema.pattern)));
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.min(schema.maxLength ?? minLength + 30, minLength + 30);
      return fc.oneof(
        plain,
        fc.string({ minLength, maxLength }),
        fc.string({ unit: 'grapheme', minLength, maxLength }),
      );
    }
    case 'integer':
      return fc.oneof(
        plain,
        fc.integer({
          min: typeof schema.minimum === 'number' ? schema.minimum : -1000,
          max: typeof schema.maximum === 'number' ? schema.maximum : 100_000,
        }),
      );
    case 'number':
      return fc.oneof(
        plain,
        fc.double({
          min: typeof schema.minimum === 'number' ? schema.minimum : -1e6,
          max: typeof schema.maximum === 'number' ? schema.maximum : 1e6,
          noNaN: true,
        }),
      );
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(arbitrary(schema.items ?? {}, name), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object': {
      const props = Object.entries(schema.properties ?? {});
      if (!props.length) return plain;
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, prop] of props) shape[key] = arbitrary(prop, key);
      return fc.record(shape, { requiredKeys: schema.required ?? [] });
    }
    default:
      return plain;
  }
}

/** A change to one value: what to put there, and whether the schema forbids it outright. */
export type ValueMutation = { value: unknown; invalid: boolean; kind: string };

/** Wrong values for a field with this schema, each labelled invalid when the schema forbids it. */
export function wrongValue(schema: JsonSchema, name: string, required = true): fc.Arbitrary<ValueMutation> {
  const t = types(schema);
  const nullable = schema.nullable === true || t.includes('null');
  const options: fc.Arbitrary<ValueMutation>[] = [
    hostileString().map((value) => ({ value, invalid: false, kind: 'hostile string' })),
  ];
  if (t.length && !t.includes('enum') && !t.includes('const'))
    options.push(
      wrongTypeFor(t).map((value) => ({
        value,
        invalid: value === null ? required && !nullable : true,
        kind: 'wrong type',
      })),
    );
  // null for a field that may be left out is commonly read as "left out": only wrong where required.
  if (!nullable) options.push(fc.constant({ value: null, invalid: required && t.length > 0, kind: 'null' }));
  if (schema.enum?.length)
    options.push(
      fc
        .constantFrom('not-in-enum', 'ADMIN', ' admin', 'operator', '')
        .filter((v) => !schema.enum?.includes(v))
        .map((value) => ({ value, invalid: true, kind: 'outside enum' })),
    );
  if (t.includes('string') && t.length === 1 && !schema.enum) {
    if (schema.maxLength !== undefined) {
      const max = schema.maxLength;
      options.push(
        fc
          .integer({ min: max + 1, max: max + 5000 })
          .map((n) => ({ value: 'y'.repeat(n), invalid: true, kind: `longer than ${max}` })),
      );
    }
    if ((schema.minLength ?? 0) > 0) options.push(fc.constant({ value: '', invalid: true, kind: 'empty' }));
    if (schema.pattern) {
      const re = new RegExp(schema.pattern);
      options.push(
        fc
          .constantFrom('abc', '12345', '1234567', '１２３４５６', '12345\n', '99999999999')
          .filter((v) => !re.test(v))
          .map((value) => ({ value, invalid: true, kind: 'pattern mismatch' })),
      );
    }
  }
  if ((t.includes('integer') || t.includes('number')) && !t.includes('string')) {
    const lo = typeof schema.minimum === 'number' ? schema.minimum : undefined;
    const hi = typeof schema.maximum === 'number' ? schema.maximum : undefined;
    if (lo !== undefined) options.push(fc.constant({ value: lo - 1, invalid: true, kind: 'below minimum' }));
    if (hi !== undefined) options.push(fc.constant({ value: hi + 1, invalid: true, kind: 'above maximum' }));
    if (t.includes('integer') && !t.includes('number'))
      options.push(fc.constant({ value: 1.5, invalid: true, kind: 'fraction' }));
  }
  if (t.includes('array') && schema.maxItems !== undefined) {
    const item = example(schema.items ?? {}, name);
    options.push(
      fc.constant({
        value: Array.from({ length: (schema.maxItems ?? 0) + 1 }, () => item),
        invalid: true,
        kind: 'too many items',
      }),
    );
  }
  return fc.oneof(...options);
}

/** Every path to a value in an object schema, with that value's schema and whether it is required. */
export function fieldPaths(
  schema: JsonSchema,
  prefix: string[] = [],
): { path: string[]; schema: JsonSchema; required: boolean }[] {
  const out: { path: string[]; schema: JsonSchema; required: boolean }[] = [];
  const required = new Set(schema.required ?? []);
  for (const [key, prop] of Object.entries(schema.properties ?? {})) {
    const path = [...prefix, key];
    out.push({ path, schema: prop, required: required.has(key) });
    if (prop.properties) out.push(...fieldPaths(prop, path));
  }
  return out;
}

/** A deep copy of `value` with the value at `path` replaced (or removed when `remove`). */
export function setPath(value: unknown, path: string[], replacement: unknown, remove = false): unknown {
  const copy = structuredClone(value ?? {}) as Record<string, unknown>;
  let cursor: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    const next = cursor[key];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) cursor[key] = {};
    cursor = cursor[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1] ?? '';
  if (remove) delete cursor[last];
  else cursor[last] = replacement;
  return copy;
}
