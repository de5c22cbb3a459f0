import { randomBytes } from 'node:crypto';
import { nowIso, type Db } from '../src/db/dialect.js';
import { signAccessToken } from '../src/lib/access-token.js';

/**
 * A bearer token for `userId` backed by a real, live session row, for suites that create
 * users directly instead of going through login. The server treats it like any other session
 * (revoking it, or deactivating the user, stops the token at once).
 */
export async function signTestToken(db: Db, secret: string, userId: number): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  const now = nowIso();
  await db
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      auth_method: 'password',
      created_at: now,
      last_used_at: now,
      expires_at: new Date(Date.now() + 24 * 3600 * 1000).toISOString(),
      revoked_at: null,
      revoked_reason: null,
      user_agent: 'test',
      ip: '127.0.0.1',
    })
    .execute();
  const { token } = await signAccessToken(secret, { sub: String(userId), sid: id });
  return token;
}
