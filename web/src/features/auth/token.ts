/** Spec 4.2: refresh when this many seconds or fewer are left on the access token. */
export const REFRESH_AHEAD_SECONDS = 300;
export const TOKEN_CHECK_MS = 30_000;

/** The access token's `exp` (seconds since the epoch), or null when the token cannot be decoded. */
export function tokenExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload || token.split('.').length !== 3) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const claims: unknown = JSON.parse(json);
    if (typeof claims !== 'object' || claims === null || !('exp' in claims)) return null;
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp : null;
  } catch {
    return null;
  }
}

export type TokenCheck = 'ok' | 'refresh' | 'invalid';

/** What the token watch does now: nothing, refresh (near or past expiry), or sign out. */
export function checkToken(token: string, nowMs: number): TokenCheck {
  const exp = tokenExpiry(token);
  if (exp === null) return 'invalid';
  return exp - nowMs / 1000 <= REFRESH_AHEAD_SECONDS ? 'refresh' : 'ok';
}
