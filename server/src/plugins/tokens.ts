import { createHash, randomBytes } from 'node:crypto';
import { ACCESS_TOKEN_SECONDS, ROLES, type Role } from '@schooliko/common/auth';
import { jwtVerify, SignJWT } from 'jose';
import { TtlCache } from '../lib/ttl-cache';

const AUDIENCE = 'schooliko-api';
const ISSUER = 'schooliko';

/** What an access token says: who, at which institute, acting as which role, in which session. */
export type AccessClaims = {
  userId: string;
  instituteId: string;
  role: Role;
  familyId: string;
  isOperator: boolean;
};

export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens already verified, kept until they expire: a signed-in page calls the API many times
   * with one token, and the signature need not be checked again for each call.
   */
  private readonly verified = new TtlCache<AccessClaims>({
    max: 10_000,
    ttlMs: ACCESS_TOKEN_SECONDS * 1000,
  });

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  async signAccess(claims: AccessClaims): Promise<string> {
    return new SignJWT({
      ins: claims.instituteId,
      role: claims.role,
      fam: claims.familyId,
      op: claims.isOperator,
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.userId)
      .setAudience(AUDIENCE)
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_SECONDS}s`)
      .sign(this.key);
  }

  /** The token's claims, or null when it is forged, expired, without an expiry or for another audience. */
  async verifyAccess(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) return known;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        audience: AUDIENCE,
        issuer: ISSUER,
        algorithms: ['HS256'],
        // jose checks exp only when it is there: a token that never expires is refused.
        requiredClaims: ['exp'],
      });
      const role = payload.role as Role;
      if (
        !payload.sub ||
        typeof payload.ins !== 'string' ||
        typeof payload.fam !== 'string' ||
        !ROLES.includes(role)
      ) {
        return null;
      }
      const claims: AccessClaims = {
        userId: payload.sub,
        instituteId: payload.ins,
        role,
        familyId: payload.fam,
        isOperator: payload.op === true,
      };
      // jose refused it unless now < exp (in seconds); the cache answers while now < exp as well.
      this.verified.set(token, claims, (payload.exp ?? 0) * 1000);
      return claims;
    } catch {
      return null;
    }
  }
}

/** An opaque random token (refresh, reset) and the hash that is stored in its place. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
