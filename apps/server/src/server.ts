import { buildApp } from './app.js';
import { trackConnections } from './plugins/drain.js';
import { ConfigError, loadConfig } from './config.js';
import { MigrationError } from './db/migrate.js';
import { seedDemo } from './demo-seed.js';
import { configurationProblems, dependencyProblems } from './startup-checks.js';
import { startupNotes, startupSummary } from './startup-notes.js';
import { SERVER_VERSION } from './version.js';

/** Of the shutdown timeout, what is kept for requests in flight once the listener has closed. */
const FINISH_IN_FLIGHT_MS = 3000;

/** Exits before anything is opened: one plain line per problem, naming the variable, no stack. */
function refuse(problems: string[]): never {
  for (const problem of problems) process.stderr.write(`PuntoVerde cannot start: ${problem}\n`);
  process.exit(1);
}

/** Starts the server: config, app (migrations run inside), demo seed, listen, graceful stop. */
async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) refuse(err.problems);
    throw err;
  }
  const problems = configurationProblems(config);
  if (problems.length) refuse(problems);
  const unreachable = await dependencyProblems(config);
  if (unreachable.length) refuse(unreachable);
  const app = await buildApp({ config });
  if (config.demo) await seedDemo(app.db, { log: app.log, config });

  const connections = trackConnections(app.server);
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(
      { signal, drain_ms: config.shutdownDrainMs },
      'shutting down: draining (health 503, still serving), then no new connections, finishing in-flight requests',
    );
    const timer = setTimeout(() => {
      app.log.error('graceful shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    app.startDraining();
    // After the drain and once no connection is arriving, close() stops accepting, waits for
    // in-flight requests, then runs onClose hooks (DB, Redis).
    setTimeout(() => {
      connections
        .quietListener(config.shutdownTimeoutMs - config.shutdownDrainMs - FINISH_IN_FLIGHT_MS)
        .then(() => app.close())
        .then(
          () => {
            app.log.info(`PuntoVerde stopped (${signal}) after ${Math.round(process.uptime())} s`);
            process.exit(0);
          },
          (err: unknown) => {
            app.log.error({ err }, 'error while closing');
            process.exit(1);
          },
        );
    }, config.shutdownDrainMs);
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const summary = startupSummary(config, {
    version: SERVER_VERSION,
    address: `${config.host}:${port}`,
    migrations: app.migrations,
    mailTransport: config.mailTransport,
  });
  for (const line of summary) app.log[line.level](line.msg);
  const notes = startupNotes(config, { port, outbox: app.mailer.mode === 'outbox' || app.sms.mode === 'outbox' });
  // Plain lines for the person who ran `npm start`, beside the JSON log.
  if (notes.length) process.stdout.write(notes.join('\n') + '\n');
}

main().catch((err: unknown) => {
  // A migration that fails on a reachable database (permissions, a hand-edited schema): its
  // message says which one and why; the stack would only point into the migrator.
  if (err instanceof MigrationError) refuse([`DATABASE_URL (DATA_DIR on SQLite): ${err.message}`]);
  console.error(err);
  process.exit(1);
});
