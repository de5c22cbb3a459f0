import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';

export type MailMessage = {
  to: string;
  subject: string;
  /** Plain-text body (always sent). */
  text: string;
  /** HTML body (optional; templates send both). */
  html?: string;
};

export type OutboxEntry = {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: string;
};

export type Mailer = {
  send(message: MailMessage): Promise<void>;
  /** Messages kept in the local outbox (newest first); empty when SMTP is used. */
  outbox(): Promise<OutboxEntry[]>;
  readonly mode: 'smtp' | 'outbox';
};

/**
 * Real e-mail through SMTP when `smtpUrl` is set; otherwise every message is written as an
 * .eml file plus a JSON summary to `<dataDir>/outbox`, so the demo works offline. The outbox
 * holds live password-reset links: its folder is 0700 and its files 0600.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  /** The sender, read at each send (the scheme's name can change while the server runs). */
  from: string | (() => string);
  dataDir: string;
}): Mailer {
  const outboxDir = path.join(options.dataDir, 'outbox');
  const sender = typeof options.from === 'function' ? options.from : () => options.from as string;
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(options.smtpUrl);
    return {
      mode: 'smtp',
      async send(message) {
        await transport.sendMail({ from: sender(), ...message });
      },
      outbox: () => Promise.resolve([]),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let counter = 0;
  // The folder is made once (a mkdir per message is a system call per e-mail), and again if it went away.
  let folder: Promise<unknown> | null = null;
  const ensureFolder = (again = false) => {
    if (again || !folder) {
      folder = mkdir(outboxDir, { recursive: true, mode: 0o700 }).catch((err: unknown) => {
        folder = null;
        throw err;
      });
    }
    return folder;
  };
  return {
    mode: 'outbox',
    async send(message) {
      const from = sender();
      const info = await transport.sendMail({ from, ...message });
      const created = new Date();
      counter += 1;
      const id = `${created.getTime()}-${process.pid}-${counter}`;
      await ensureFolder();
      const eml = path.join(outboxDir, `${id}.eml`);
      await writeFile(eml, info.message as Buffer, { mode: 0o600 }).catch(async (err: unknown) => {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        await ensureFolder(true);
        await writeFile(eml, info.message as Buffer, { mode: 0o600 });
      });
      const entry: OutboxEntry = {
        id,
        to: message.to,
        from,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        created_at: created.toISOString(),
      };
      await writeFile(path.join(outboxDir, `${id}.json`), JSON.stringify(entry, null, 2), { mode: 0o600 });
    },
    async outbox() {
      let names: string[];
      try {
        names = await readdir(outboxDir);
      } catch {
        return [];
      }
      const entries = await Promise.all(
        names
          .filter((n) => n.endsWith('.json'))
          .map(async (n) => JSON.parse(await readFile(path.join(outboxDir, n), 'utf8')) as OutboxEntry),
      );
      return entries.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id));
    },
  };
}
