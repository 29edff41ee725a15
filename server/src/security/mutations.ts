import fc from 'fast-check';
import { type Example, multipartBody, TINY_PNG } from './examples';
import type { JsonSchema, Operation, Param } from './openapi';
import { arbitrary, fieldPaths, hostileString, setPath, wrongValue } from './samples';
import type { Request } from './send';

/** One generated request: what was changed, and whether the route's schema forbids it outright. */
export type Case = { kind: string; invalid: boolean; request: Request };

type Parts = {
  path: string;
  params: Record<string, string>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  payload: unknown;
};

/** Splits a built request back into its parts, so that one part at a time can be spoiled. */
function split(op: Operation, request: Request): Parts {
  const url = new URL(request.url, 'http://x');
  const query: Record<string, unknown> = {};
  for (const [k, v] of url.searchParams) query[k] = v;
  const params: Record<string, string> = {};
  const names = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] ?? '');
  const re = new RegExp(`^${op.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '([^/]*)')}$`);
  const found = re.exec(url.pathname);
  names.forEach((name, i) => {
    params[name] = decodeURIComponent(found?.[i + 1] ?? '');
  });
  return { path: op.path, params, query, headers: { ...request.headers }, payload: request.payload };
}

/** A lone surrogate cannot be percent-encoded; a real client sends U+FFFD in its place. */
const wellFormed = (text: string) =>
  text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');

function join(op: Operation, p: Parts, extra: Partial<Request> = {}): Request {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(wellFormed(p.params[name] ?? '')),
  );
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(p.query)) {
    if (v === undefined) continue;
    for (const item of Array.isArray(v) ? v : [v])
      search.append(k, typeof item === 'string' ? item : JSON.stringify(item));
  }
  const qs = search.toString();
  return {
    method: op.method,
    url: qs ? `${path}?${qs}` : path,
    headers: p.headers,
    payload: p.payload,
    ...extra,
  };
}

/** Whether a text value breaks a query or path parameter's schema. */
function textBreaks(schema: JsonSchema, value: string): boolean {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (schema.enum && !schema.enum.includes(value)) return true;
  if (type === 'integer' || type === 'number') {
    if (value.trim() === '' || !Number.isFinite(Number(value))) return true;
    const n = Number(value);
    if (type === 'integer' && !Number.isInteger(n)) return true;
    if (typeof schema.minimum === 'number' && n < schema.minimum) return true;
    if (typeof schema.maximum === 'number' && n > schema.maximum) return true;
    return false;
  }
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return true;
  if ((schema.minLength ?? 0) > value.length) return true;
  if (schema.pattern && !new RegExp(schema.pattern).test(value)) return true;
  return false;
}

const textValue = (schema: JsonSchema): fc.Arbitrary<string> =>
  fc.oneof(
    hostileString(),
    fc.constantFrom('-1', '0', '1.5', '1e3', '99999999999999999999', 'abc', ' 1', '0x10', 'true', '[]', '{}'),
    fc
      .integer({ min: (schema.maxLength ?? 100) + 1, max: (schema.maxLength ?? 100) + 3000 })
      .map((n) => 'q'.repeat(n)),
  );

function paramCases(
  op: Operation,
  base: Parts,
  where: 'path' | 'query',
  params: Param[],
): fc.Arbitrary<Case>[] {
  return params.map((param) =>
    // An empty path segment is another route (e.g. the list), not a bad value for this one.
    (where === 'path' ? textValue(param.schema).filter((v) => v !== '') : textValue(param.schema)).map(
      (value) => {
        const parts = structuredClone(base);
        if (where === 'path') parts.params[param.name] = value;
        else parts.query[param.name] = value;
        // A path no resource has is refused whatever the schema says; a query value only when it breaks it.
        const invalid =
          where === 'path' ? value !== base.params[param.name] : textBreaks(param.schema, value);
        return {
          kind: `${where} ${param.name}=${JSON.stringify(value.slice(0, 40))}`,
          invalid,
          request: join(op, parts),
        };
      },
    ),
  );
}

function bodyFieldCases(op: Operation, base: Parts): fc.Arbitrary<Case>[] {
  const schema = op.body?.schema;
  if (!schema || typeof base.payload !== 'object' || Buffer.isBuffer(base.payload)) return [];
  const cases: fc.Arbitrary<Case>[] = [];
  for (const field of fieldPaths(schema)) {
    const name = field.path.join('.');
    cases.push(
      wrongValue(field.schema, field.path[field.path.length - 1] ?? '', field.required).map((m) => ({
        kind: `body ${name}: ${m.kind} ${JSON.stringify(m.value)?.slice(0, 40)}`,
        invalid: m.invalid,
        request: join(op, { ...base, payload: setPath(base.payload, field.path, m.value) }),
      })),
    );
    if (field.required)
      cases.push(
        fc.constant({
          kind: `body ${name}: missing`,
          invalid: true,
          request: join(op, { ...base, payload: setPath(base.payload, field.path, undefined, true) }),
        }),
      );
  }
  // Plausible values drawn from the schema, and unknown fields with hostile names and values.
  cases.push(
    arbitrary(schema).map((payload) => ({
      kind: 'body drawn from its schema',
      invalid: false,
      request: join(op, { ...base, payload }),
    })),
    fc
      .tuple(
        fc.constantFrom('__proto__', 'constructor', 'role', 'institute_id', 'is_operator', '$where'),
        hostileString(),
      )
      .map(([key, value]) => ({
        kind: `body extra field ${key}`,
        invalid: false,
        request: join(op, { ...base, payload: { ...(base.payload as object), [key]: value } }),
      })),
  );
  return cases;
}

function rawBody(
  op: Operation,
  base: Parts,
  kind: string,
  payload: string | Buffer,
  contentType: string,
  invalid: boolean,
): Case {
  return {
    kind,
    invalid,
    request: join(op, { ...base, payload, headers: { ...base.headers, 'content-type': contentType } }),
  };
}

function wholeBodyCases(op: Operation, base: Parts, example: Example | undefined): fc.Arbitrary<Case>[] {
  if (op.method === 'GET' || op.method === 'DELETE') return [];
  const needsObject = Boolean(op.body?.required && op.body.schema.required?.length);
  const json = 'application/json';
  const cases: Case[] = [
    rawBody(op, base, 'invalid JSON', '{"a":', json, true),
    rawBody(op, base, 'JSON with a trailing comma', '{"a":1,}', json, true),
    rawBody(op, base, 'JSON array body', '[1,2,3]', json, needsObject),
    rawBody(op, base, 'JSON number body', '42', json, needsObject),
    rawBody(op, base, 'JSON string body', '"text"', json, needsObject),
    // null reads as "no body" to some routes whose body is optional; only a 5xx is wrong here.
    rawBody(op, base, 'JSON null body', 'null', json, false),
    rawBody(
      op,
      base,
      'prototype poisoning',
      '{"__proto__":{"isOperator":true},"constructor":{"prototype":{"x":1}}}',
      json,
      needsObject,
    ),
    rawBody(
      op,
      base,
      'deeply nested JSON',
      `${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}`,
      json,
      needsObject,
    ),
    rawBody(op, base, 'body over 1 MB', JSON.stringify({ x: 'z'.repeat(1_200_000) }), json, true),
    rawBody(op, base, 'XML body', '<?xml version="1.0"?><a>1</a>', 'application/xml', true),
    rawBody(op, base, 'text body', 'hello', 'text/plain', needsObject || Boolean(example?.multipart)),
    rawBody(op, base, 'form-encoded body', 'a=1&b=2', 'application/x-www-form-urlencoded', true),
    rawBody(op, base, 'charset that is not UTF-8', '{"a":1}', 'application/json; charset=utf-16', false),
    rawBody(
      op,
      base,
      'invalid UTF-8 in JSON',
      Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
      json,
      false,
    ),
  ];
  const out: fc.Arbitrary<Case>[] = [fc.constantFrom(...cases)];
  if (example?.multipart) {
    const { fields, file } = example.multipart;
    const form = (kind: string, f: Record<string, string>, part: typeof file, invalid: boolean): Case => {
      const body = multipartBody(f, part);
      return rawBody(op, base, kind, body.payload, body.contentType, invalid);
    };
    const field = file?.field ?? 'file';
    out.push(
      fc.constantFrom(
        form('multipart without the file', fields, undefined, true),
        form(
          'multipart with text called .png',
          fields,
          { field, filename: 'a.png', contentType: 'image/png', data: Buffer.from('not an image') },
          true,
        ),
        form(
          'multipart with SVG',
          fields,
          {
            field,
            filename: 'a.svg',
            contentType: 'image/svg+xml',
            data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          },
          true,
        ),
        form(
          'multipart with HTML',
          fields,
          {
            field,
            filename: 'a.html',
            contentType: 'text/html',
            data: Buffer.from('<html><script>alert(1)</script></html>'),
          },
          true,
        ),
        form(
          'multipart with a truncated PNG',
          fields,
          { field, filename: 'a.png', contentType: 'image/png', data: TINY_PNG.subarray(0, 20) },
          true,
        ),
        form(
          'multipart with a 3 MB file',
          fields,
          {
            field,
            filename: 'a.png',
            contentType: 'image/png',
            data: Buffer.concat([TINY_PNG, Buffer.alloc(3 * 1024 * 1024)]),
          },
          true,
        ),
        form(
          'multipart with a path in the file name',
          fields,
          {
            ...(file ?? { field, contentType: 'image/png', data: TINY_PNG }),
            filename: '../../etc/passwd.png',
          },
          false,
        ),
        rawBody(op, base, 'multipart without a boundary', 'x', 'multipart/form-data', true),
        rawBody(
          op,
          base,
          'multipart cut short',
          '--b\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
          'multipart/form-data; boundary=b',
          true,
        ),
      ),
      hostileString().map((value) =>
        form(
          `multipart fields = ${JSON.stringify(value.slice(0, 30))}`,
          Object.fromEntries(Object.keys(fields).map((k) => [k, value])),
          file,
          Object.keys(fields).length > 0,
        ),
      ),
    );
  }
  return out;
}

function headerCases(
  op: Operation,
  base: Parts,
  signedIn: boolean,
  needsTenant: boolean,
): fc.Arbitrary<Case>[] {
  const without = (h: Record<string, string>, name: string) => {
    const copy = { ...h };
    delete copy[name];
    return copy;
  };
  const auth = fc
    .oneof(
      fc.constantFrom(
        'Bearer ',
        'Bearer a.b.c',
        'Basic YWRtaW46YWRtaW4=',
        'bearer',
        `Bearer ${'e'.repeat(9000)}`,
        'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
      ),
      hostileString().map((s) => `Bearer ${s}`),
    )
    .map((value) => ({
      kind: `authorization ${JSON.stringify(value.slice(0, 40))}`,
      invalid: signedIn,
      request: join(op, {
        ...base,
        headers: { ...without(base.headers, 'authorization'), authorization: value },
      }),
    }));
  const host = fc
    .oneof(
      fc.constantFrom(
        'unknown.example.com',
        'localhost:99999',
        '[::1]',
        '..',
        'a'.repeat(300),
        'xn--80ak6aa92e.com',
      ),
      hostileString(),
    )
    .map((value) => ({
      kind: `host ${JSON.stringify(value.slice(0, 40))}`,
      invalid: needsTenant,
      request: join(op, { ...base, headers: { ...base.headers, host: value } }),
    }));
  const cases = [auth, host];
  for (const param of op.headers)
    cases.push(
      textValue(param.schema).map((value) => ({
        kind: `header ${param.name}=${JSON.stringify(value.slice(0, 30))}`,
        invalid: false,
        request: join(op, { ...base, headers: { ...base.headers, [param.name]: value } }),
      })),
    );
  return cases;
}

/**
 * Requests for an operation that are wrong in one way each, from a valid one: field values of
 * the wrong type, length, pattern or range, missing fields, hostile strings (SQL, script,
 * unicode, NUL), broken and oversized bodies, odd path and query values, bad tokens and hosts.
 */
export function cases(
  op: Operation,
  valid: Request,
  example: Example | undefined,
  access: { signedIn: boolean; needsTenant: boolean },
): fc.Arbitrary<Case> {
  const base = split(op, valid);
  const groups = [
    ...paramCases(op, base, 'path', op.pathParams),
    ...paramCases(op, base, 'query', op.query),
    ...bodyFieldCases(op, base),
    ...wholeBodyCases(op, base, example),
    ...headerCases(op, base, access.signedIn, access.needsTenant),
  ];
  return fc.oneof(...groups);
}
