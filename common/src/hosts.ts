// Host names as tenant keys (DESIGN.md section 5). No zod here: the first page of the web app
// reads the tenant from its host and must not load the schema library for that.

/** The development institute's domain: localhost and loopback addresses map to it. */
export const DEV_DOMAIN = 'localhost';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/**
 * The tenant key of a Host header or a hostname: lower-cased, port, trailing dot and a
 * leading `www.` stripped; loopback names become the development domain.
 */
export function normaliseHost(host: string | undefined | null): string {
  let h = (host ?? '').trim().toLowerCase();
  if (h.startsWith('[')) {
    const end = h.indexOf(']');
    h = end > 0 ? h.slice(0, end + 1) : h;
  } else if (h.split(':').length === 2) {
    h = h.split(':')[0] ?? '';
  }
  h = h.replace(/\.$/, '');
  if (h.startsWith('www.')) h = h.slice(4);
  return LOOPBACK.has(h) ? DEV_DOMAIN : h;
}
