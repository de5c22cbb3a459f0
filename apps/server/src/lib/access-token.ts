import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

/** Access tokens: HS256 JWT, 15 minutes (OWASP ASVS 5.0 ch. 9). */
export const ACCESS_TOKEN_TTL_S = 15 * 60;
export const TOKEN_ISSUER = 'puntoverde';
export const TOKEN_AUDIENCE = 'puntoverde-app';
const ALGORITHMS = ['HS256'];

export type AccessClaims = {
  /** user id */
  sub: string;
  /** session (refresh-token family) id; the session must still be live. */
  sid: string;
};

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export async function signAccessToken(
  secret: string,
  claims: AccessClaims,
  now: Date = new Date(),
): Promise<{ token: string; expiresAt: Date }> {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + ACCESS_TOKEN_TTL_S;
  const token = await new SignJWT({ sid: claims.sid })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(exp)
    .sign(key(secret));
  return { token, expiresAt: new Date(exp * 1000) };
}

/** Verifies signature (algorithm allow-list), exp, nbf, iss and aud; null when invalid. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, key(secret), {
      algorithms: ALGORITHMS,
      issuer: TOKEN_ISSUER,
      audience: TOKEN_AUDIENCE,
      requiredClaims: ['sub', 'exp', 'nbf', 'sid'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { sub: payload.sub, sid: payload.sid };
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) return null;
    throw err;
  }
}
