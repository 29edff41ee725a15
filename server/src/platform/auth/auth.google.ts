import { createHmac } from 'node:crypto';
import { ROLES, type Role } from '@schooliko/common/auth';
import { GOOGLE_MESSAGES, type GooglePrefill } from '@schooliko/common/google';
import type { Message } from '@schooliko/common/messages';
import { jwtVerify, SignJWT } from 'jose';
import * as oidc from 'openid-client';
import type { Config } from '../../config';

/** How long a started Google sign-in, and then a Google sign-up's prefill, stay usable. */
const FLOW_SECONDS = 600;
const PREFILL_SECONDS = 900;
const FLOW_AUDIENCE = 'schooliko-google-flow';
const PREFILL_AUDIENCE = 'schooliko-google-signup';
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A Google sign-in that ends on the sign-in page with this text (one of AUTH_MESSAGES). */
export class GoogleFailure extends Error {
  constructor(readonly said: Message) {
    super(said.text);
  }
}

/** The person Google vouched for, and the role they picked before leaving. */
export type GoogleIdentity = GooglePrefill & { role: Role | undefined };

/**
 * "Continue with Google" (spec 2.4): OpenID Connect's authorization-code flow with PKCE, state and
 * nonce, through openid-client. What the browser must bring back (the PKCE verifier, state, nonce,
 * institute and picked role) travels in a short-lived signed cookie; what Google said about a
 * person who has no account here travels to the sign-up page in a signed short-lived token.
 */
export class GoogleSignIn {
  private discovered: Promise<oidc.Configuration> | null = null;
  private readonly key: Uint8Array;

  constructor(
    private readonly config: Pick<Config, 'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'GOOGLE_ISSUER_URL'>,
    secret: string,
  ) {
    this.key = createHmac('sha256', secret).update('schooliko google sign-in v1').digest();
  }

  /** The provider's metadata and keys, discovered once (again after a failure). */
  private configuration(): Promise<oidc.Configuration> {
    const { GOOGLE_CLIENT_ID: id, GOOGLE_CLIENT_SECRET: secret, GOOGLE_ISSUER_URL } = this.config;
    if (!id || !secret) return Promise.reject(new GoogleFailure(GOOGLE_MESSAGES.notConfigured));
    const issuer = new URL(GOOGLE_ISSUER_URL);
    // Plain http only for a provider on this machine (the tests' stand-in).
    const local = issuer.protocol === 'http:' && LOOPBACK.has(issuer.hostname);
    this.discovered ??= oidc
      .discovery(issuer, id, secret, undefined, {
        execute: local ? [oidc.allowInsecureRequests] : [],
        timeout: 10,
      })
      .catch((err) => {
        this.discovered = null;
        throw err;
      });
    return this.discovered;
  }

  /** Where to send the browser, and the cookie value that must come back with it. */
  async start(
    instituteId: string,
    redirectUri: string,
    role: Role | undefined,
  ): Promise<{ url: string; cookie: string }> {
    const config = await this.configuration();
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      prompt: 'select_account',
    });
    const cookie = await this.sign(
      { s: state, n: nonce, v: verifier, i: instituteId, r: role },
      FLOW_AUDIENCE,
    );
    return { url: url.href, cookie: cookie };
  }

  /**
   * The verified person Google sent back to `callbackUrl` (the redirect URI with Google's query),
   * given the flow's cookie: its state must match, the code is traded with the PKCE verifier, and
   * the ID token's signature, issuer, audience, expiry and nonce are checked by openid-client.
   */
  async finish(instituteId: string, cookie: string | undefined, callbackUrl: URL): Promise<GoogleIdentity> {
    const flow = cookie ? await this.verify(cookie, FLOW_AUDIENCE) : null;
    if (!flow || flow.i !== instituteId) throw new GoogleFailure(GOOGLE_MESSAGES.expired);
    const query = callbackUrl.searchParams;
    const error = query.get('error');
    if (error)
      throw new GoogleFailure(error === 'access_denied' ? GOOGLE_MESSAGES.cancelled : GOOGLE_MESSAGES.failed);
    if (query.get('state') !== flow.s) throw new GoogleFailure(GOOGLE_MESSAGES.stateMismatch);
    const config = await this.configuration();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: String(flow.v),
      expectedState: String(flow.s),
      expectedNonce: String(flow.n),
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    const email = typeof claims?.email === 'string' ? claims.email.trim().toLowerCase() : '';
    if (!email || claims?.email_verified !== true) throw new GoogleFailure(GOOGLE_MESSAGES.unverifiedEmail);
    const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 100) : '');
    const role = ROLES.find((r) => r === flow.r);
    return { email, first_name: text(claims.given_name), last_name: text(claims.family_name), role };
  }

  /** A token that carries what Google verified to this institute's sign-up page. */
  prefillToken(instituteId: string, person: GooglePrefill): Promise<string> {
    return this.sign({ ...person, i: instituteId }, PREFILL_AUDIENCE, PREFILL_SECONDS);
  }

  /** The prefill a token carries, or null when it is forged, expired or another institute's. */
  async prefill(instituteId: string, token: string): Promise<GooglePrefill | null> {
    const claims = await this.verify(token, PREFILL_AUDIENCE);
    if (!claims || claims.i !== instituteId) return null;
    const { email, first_name, last_name } = claims;
    if (typeof email !== 'string' || typeof first_name !== 'string' || typeof last_name !== 'string')
      return null;
    return { email, first_name, last_name };
  }

  private sign(claims: Record<string, unknown>, audience: string, seconds = FLOW_SECONDS): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setAudience(audience)
      .setIssuedAt()
      .setExpirationTime(`${seconds}s`)
      .sign(this.key);
  }

  private async verify(token: string, audience: string): Promise<Record<string, unknown> | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        audience,
        algorithms: ['HS256'],
        requiredClaims: ['exp'],
      });
      return payload;
    } catch {
      return null;
    }
  }
}
