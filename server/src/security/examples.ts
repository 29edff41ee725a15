import { multipart } from '../modules/uploads/uploads.testing';

/**
 * Where a route's schemas alone do not make a request it accepts (a refinement, a multipart
 * body, a field that must be left out), the values to use: DATA, keyed like the access table.
 * Generated values are kept for everything not named here; `undefined` leaves a field out.
 */
export type FilePart = { field: string; filename: string; contentType: string; data: Buffer };
export type Example = {
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** A multipart/form-data body instead of JSON. */
  multipart?: { fields: Record<string, string>; file?: FilePart };
};

/** A 1x1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const png = (field: string): FilePart => ({
  field,
  filename: 'logo.png',
  contentType: 'image/png',
  data: TINY_PNG,
});

export const EXAMPLES: Record<string, Example> = {
  // The bearer header signs in; a generated ?access_token would replace it.
  'GET /api/notifications/stream': { query: { access_token: undefined } },
  'POST /api/groups/temp/logo': {
    headers: {
      'x-group-type': 'school_chain',
      'x-group-name': 'Security Suite Schools',
      'x-group-city': 'Pune',
      'x-group-pincode': '411001',
    },
    multipart: { fields: {}, file: png('logo') },
  },
  'POST /api/uploads': {
    multipart: { fields: { folder: 'schooliko/0001_securitysuite_20240115/logo' }, file: png('file') },
  },
  // The grant comes in X-Registration-Token; images are uploaded first (see resources.ts).
  'POST /api/domains/domain-register': { body: { registration_token: undefined } },
  // A logo must come from POST /api/groups/temp/logo; groups are tried without one.
  'POST /api/groups': { body: { group_logo: undefined } },
  'PUT /api/groups/:id': { body: { group_logo: undefined } },
};

/** A multipart/form-data body. */
export function multipartBody(fields: Record<string, string>, file?: FilePart) {
  const body = multipart(fields, file, file?.field);
  return { payload: body.payload, contentType: body.headers['content-type'] };
}
