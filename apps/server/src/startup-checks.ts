import type { Config } from './config.js';

/**
 * Settings the server refuses before it opens anything, one line each (`VARIABLE: what to do`):
 * a configuration that parses but would fail its operator quietly.
 */
export function configurationProblems(
  config: Pick<Config, 'env' | 'demo' | 'mailTransport' | 'mailOutboxOnPurpose'>,
): string[] {
  const problems: string[] = [];
  // Without SMTP, password resets and invitations would sit in DATA_DIR/outbox unseen: in
  // production that must be the operator's choice, never a forgotten variable.
  if (config.env === 'production' && !config.demo && config.mailTransport === 'outbox' && !config.mailOutboxOnPurpose) {
    problems.push(
      'SMTP_URL: required in production (NODE_ENV=production, DEMO=false) to send e-mail; set MAIL_TRANSPORT=outbox to keep e-mails in DATA_DIR/outbox on purpose',
    );
  }
  return problems;
}
