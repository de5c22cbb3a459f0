import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/dialect.js';
import type { Mailer, MailMessage } from '../../lib/mailer.js';
import type { PqrRow } from './pqr.repository.js';

/** What every PQR service takes, who acts on a PQR, and the requester's e-mail. */

export type PqrDeps = {
  db: Db;
  mailer: Mailer;
  tokenSecret: string;
  publicUrl: string;
  log: Pick<FastifyBaseLogger, 'error' | 'warn' | 'info'>;
};

/** Who changes a PQR; `staff` changes also go to the back office's audit log. */
export type Actor = { id: number | null; name: string; staff?: boolean };
export const REQUESTER_LABEL = 'Peticionario';

export async function sendRequesterEmail(deps: PqrDeps, message: MailMessage): Promise<void> {
  try {
    await deps.mailer.send(message);
  } catch (err) {
    // The record is already committed; a failed e-mail is logged for staff to resend by hand.
    deps.log.error({ err, to: message.to, subject: message.subject }, 'pqr e-mail failed');
  }
}

export function mailData(row: PqrRow) {
  return { radicado: row.radicado, name: row.name, email: row.email, type: row.type, subject: row.subject };
}
