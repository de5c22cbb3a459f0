import type { FastifyInstance } from 'fastify';
import type { OutboxEntry } from '../../src/lib/mailer.js';

/** Reading what the app sent: the test mailer keeps an outbox. */

/** The newest outbox message to `to` (optionally whose subject contains `subject`), waiting for background sends. */
export async function waitForMail(app: FastifyInstance, to: string, subject?: string): Promise<OutboxEntry> {
  for (let i = 0; i < 150; i += 1) {
    const mail = (await app.mailer.outbox()).find((m) => m.to === to && (!subject || m.subject.includes(subject)));
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no e-mail to ${to}${subject ? ` about "${subject}"` : ''}`);
}

/** The `token` query parameter of the first link in an e-mail's text. */
export function tokenFromMail(mail: OutboxEntry): string {
  const url = /https?:\/\/\S+/.exec(mail.text)?.[0];
  const token = url ? new URL(url).searchParams.get('token') : null;
  if (!token) throw new Error(`no link with a token in "${mail.subject}"`);
  return token;
}
