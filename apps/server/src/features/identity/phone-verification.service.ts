import {
  PHONE_CODE_LENGTH,
  PHONE_CODE_MAX_TRIES,
  PHONE_CODE_RESEND_AFTER_S,
  PHONE_CODE_SENDS_PER_HOUR,
  PHONE_CODE_TTL_MS,
  type ConfirmPhoneCodeResult,
  type PickupSettings,
  type SendPhoneCodeResult,
} from '@puntoverde/contract';
import type { FastifyBaseLogger } from 'fastify';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { nowIso, type Db } from '../../db/dialect.js';
import { AppError } from '../../lib/app-error.js';
import { SmsDeliveryError, type SmsSender } from '../../lib/sms.js';
import { recordAudit } from '../admin/audit.service.js';
import type { AuthUser } from '../../lib/auth-user.js';
import { isUniqueViolation } from './accounts.service.js';
import * as repo from './identity.repository.js';
import { colombianMobileE164 } from './phone.js';
import * as codes from './phone-verification.repository.js';

/**
 * Phone verification by SMS code, designed like the e-mail links: a random code stored only as
 * a keyed hash, single use, with an expiry; plus tries per code and sends per hour per account
 * and per number. The code appears only in the SMS: never in an answer or a log line.
 */

export type PhoneVerificationDeps = {
  db: Db;
  sms: SmsSender;
  /** Keys the code hashes (the token-signing secret). */
  secret: string;
  log: FastifyBaseLogger;
};

const HOUR_MS = 60 * 60 * 1000;

function addMs(iso: string, ms: number): string {
  return new Date(Date.parse(iso) + ms).toISOString();
}

function tooManyRequests(retryAfterS: number): AppError {
  return new AppError('too-many-requests', { headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterS))) } });
}

/** One answer for a wrong, expired, reused or exhausted code: no hint which. */
function invalidCode(): AppError {
  return AppError.field('phone-code-invalid', 'code');
}

export function smsText(code: string): string {
  return `PuntoVerde: tu código de verificación es ${code}. Vence en ${PHONE_CODE_TTL_MS / 60_000} minutos. No lo compartas con nadie.`;
}

export type PhoneVerificationService = ReturnType<typeof createPhoneVerificationService>;

export function createPhoneVerificationService(deps: PhoneVerificationDeps) {
  const { db, sms, secret, log } = deps;

  /**
   * 6 digits are only a million values: a plain SHA-256 of them is reversed by trying them
   * all, so the hash is keyed with the server secret and bound to the account and the number.
   */
  function hashCode(userId: number, phone: string, code: string): string {
    return createHmac('sha256', secret).update(`phone-code:${userId}:${phone}:${code}`).digest('hex');
  }

  async function activeUser(id: number) {
    const user = await repo.findUserById(db, id);
    if (!user || user.deleted_at || !user.active)
      throw new AppError('unauthorized', { message: 'Tu sesión expiró. Inicia sesión de nuevo.' });
    return user;
  }

  return {
    hashCode,

    /** Sends a new code to the profile's mobile, or to `phone` (it becomes the profile's once confirmed). */
    async sendCode(auth: AuthUser, input: { phone?: string | undefined }): Promise<SendPhoneCodeResult> {
      const user = await activeUser(auth.id);
      const phone = input.phone ?? user.phone;
      if (!phone) throw AppError.field('phone-not-mobile', 'phone');
      const e164 = colombianMobileE164(phone);
      if (!e164) throw AppError.field('phone-not-mobile', 'phone');
      if (phone === user.phone && user.phone_verified_at) {
        return { sent: false, phone, expires_at: null, resend_after_s: 0 };
      }

      const code = String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
      const now = nowIso();
      const expiresAt = addMs(now, PHONE_CODE_TTL_MS);
      const id = await db.transaction().execute(async (trx) => {
        // Takes the user's row lock first, so two sends of one account are counted one after the other.
        await repo.lockUserRow(trx, user.id, user.updated_at);
        const latest = await codes.latestCodeOf(trx, user.id);
        if (latest) {
          const waitS = PHONE_CODE_RESEND_AFTER_S - (Date.parse(now) - Date.parse(latest.created_at)) / 1000;
          if (waitS > 0) throw tooManyRequests(waitS);
        }
        const since = addMs(now, -HOUR_MS);
        const perUser = await codes.countCodesSince(trx, { userId: user.id }, since);
        const perNumber = await codes.countCodesSince(trx, { phone }, since);
        if (perUser >= PHONE_CODE_SENDS_PER_HOUR || perNumber >= PHONE_CODE_SENDS_PER_HOUR) {
          throw tooManyRequests(HOUR_MS / 1000);
        }
        const inserted = await codes.insertPhoneCode(trx, {
          user_id: user.id,
          phone,
          code_hash: hashCode(user.id, phone, code),
          created_at: now,
          expires_at: expiresAt,
          sent_at: null,
          used_at: null,
        });
        await codes.expirePhoneCodes(trx, user.id, now, inserted);
        return inserted;
      });

      try {
        await sms.send({ to: e164, body: smsText(code) });
      } catch (err) {
        // Not delivered: the send and its tries are not counted against the person.
        await codes.deletePhoneCode(db, id);
        if (err instanceof SmsDeliveryError) {
          log.warn({ sms: err.detail, reason: err.reason, userId: user.id }, 'verification SMS not delivered');
          if (err.reason === 'number-rejected') throw AppError.field('sms-number-rejected', 'phone');
          throw new AppError('sms-unavailable');
        }
        log.error(
          { err: err instanceof Error ? { name: err.name } : 'unknown', userId: user.id },
          'verification SMS failed',
        );
        throw new AppError('sms-unavailable');
      }
      await codes.markPhoneCodeSent(db, id, nowIso());
      return { sent: true, phone, expires_at: expiresAt, resend_after_s: PHONE_CODE_RESEND_AFTER_S };
    },

    /** Checks the code; on success the code's number is the profile's phone, verified. */
    async confirmCode(auth: AuthUser, code: string): Promise<ConfirmPhoneCodeResult> {
      const user = await activeUser(auth.id);
      const now = nowIso();
      const pending = await codes.pendingCodeOf(db, user.id, now, PHONE_CODE_MAX_TRIES);
      if (!pending || !(await codes.spendTry(db, pending.id, PHONE_CODE_MAX_TRIES))) throw invalidCode();
      const expected = Buffer.from(pending.code_hash, 'hex');
      const actual = Buffer.from(hashCode(user.id, pending.phone, code), 'hex');
      if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw invalidCode();
      try {
        await db.transaction().execute(async (trx) => {
          if (!(await codes.consumePhoneCode(trx, pending.id, now))) throw invalidCode();
          // Only now, with the code proving the line is at hand, may the answer say the number is taken.
          if (await repo.isPhoneVerifiedByOther(trx, pending.phone, user.id)) throw new AppError('phone-verified-elsewhere');
          await repo.updateUser(trx, user.id, { phone: pending.phone, phone_verified_at: now, updated_at: now });
          await codes.expirePhoneCodes(trx, user.id, now);
        });
      } catch (err) {
        // Another account confirmed the same number at the same moment: the unique index decided.
        if (isUniqueViolation(err)) throw new AppError('phone-verified-elsewhere');
        throw err;
      }
      return { phone: pending.phone, phone_verified_at: now };
    },
  };
}

// ---- the scheme setting, for the back office and for pickup requests ----

export async function readPickupSettings(db: Db): Promise<PickupSettings> {
  return { require_verified_phone: (await codes.readSetting(db, codes.REQUIRE_VERIFIED_PHONE_KEY)) === 'true' };
}

/** Staff change the rule; the back office's audit log keeps who and when, in the same transaction. */
export async function writePickupSettings(db: Db, actorId: number, settings: PickupSettings): Promise<PickupSettings> {
  await db.transaction().execute(async (trx) => {
    const before = await readPickupSettings(trx);
    await codes.writeSetting(trx, codes.REQUIRE_VERIFIED_PHONE_KEY, String(settings.require_verified_phone), nowIso());
    await recordAudit(trx, {
      actorId,
      action: 'update',
      entity: 'setting',
      entityId: 'pickups',
      before,
      after: settings,
    });
  });
  return settings;
}

/** Pickup requests: 403 `verified-phone-required` when the scheme asks for a verified phone and this user has none. */
export async function assertPhoneVerifiedIfRequired(db: Db, userId: number): Promise<void> {
  if (!(await readPickupSettings(db)).require_verified_phone) return;
  const user = await repo.findUserById(db, userId);
  if (!user?.phone_verified_at) throw new AppError('verified-phone-required');
}

/** Forgets a user's phone codes (their account is deleted). */
export async function deletePhoneCodesOf(db: Db, userId: number): Promise<void> {
  await codes.deletePhoneCodesOf(db, userId);
}
