import type { FastifyInstance } from 'fastify';

/** The slice of JSON Schema that @fastify/swagger writes for our zod schemas. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  additionalProperties?: boolean | JsonSchema;
};

export type Param = { name: string; required: boolean; schema: JsonSchema };

/** One operation of the OpenAPI document: what a caller may send to one method and path. */
export type Operation = {
  /** 'METHOD /api/path/:param', the access table's key (no trailing slash). */
  key: string;
  method: string;
  /** The path as the document writes it, e.g. /api/notifications/{id}/markAsRead. */
  path: string;
  pathParams: Param[];
  query: Param[];
  headers: Param[];
  body?: { contentType: string; schema: JsonSchema; required: boolean };
  summary: string;
  /** The permissions the route declares (plugins/permissions.ts), when it declares any. */
  permission?: readonly string[];
};

type OpenApiOperation = {
  summary?: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> };
};

/** 'POST', '/api/x/{id}/' -> 'POST /api/x/:id'. */
export function routeKey(method: string, path: string): string {
  const normal = path.replace(/\{([^}]+)\}/g, ':$1').replace(/(.)\/$/, '$1');
  return `${method.toUpperCase()} ${normal}`;
}

/** Every operation the built app documents at GET /api/openapi.json. */
export async function listOperations(app: FastifyInstance): Promise<Operation[]> {
  const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`GET /api/openapi.json answered ${res.statusCode}`);
  const doc = res.json() as { paths: Record<string, Record<string, OpenApiOperation>> };
  const operations: Operation[] = [];
  const seen = new Set<string>();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const key = routeKey(method, path);
      // Fastify documents both /api/x and /api/x/ for a prefix's '/' route: one operation.
      if (seen.has(key)) continue;
      seen.add(key);
      const params = op.parameters ?? [];
      const pick = (where: string) =>
        params
          .filter((p) => p.in === where)
          .map((p) => ({ name: p.name, required: p.required ?? where === 'path', schema: p.schema ?? {} }));
      const content = op.requestBody?.content ?? {};
      const [contentType, media] = Object.entries(content)[0] ?? [];
      operations.push({
        key,
        method: method.toUpperCase(),
        path,
        pathParams: pick('path'),
        query: pick('query'),
        headers: pick('header'),
        body:
          contentType && media?.schema
            ? { contentType, schema: media.schema, required: op.requestBody?.required ?? false }
            : undefined,
        summary: op.summary ?? '',
      });
    }
  }
  return operations.sort((a, b) => a.key.localeCompare(b.key));
}

/** The operation's path with its parameters filled in (each URL-encoded). */
export function fillPath(op: Operation, values: Record<string, string>): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${op.key}: no value for :${name}`);
    return encodeURIComponent(value);
  });
}

/** A query string from a record (arrays repeat the name). */
export function queryString(query: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value])
      parts.push(
        `${encodeURIComponent(name)}=${encodeURIComponent(typeof v === 'string' ? v : JSON.stringify(v))}`,
      );
  }
  return parts.length ? `?${parts.join('&')}` : '';
}
