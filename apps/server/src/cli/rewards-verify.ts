import { loadConfig } from '../config.js';
import { createDatabase } from '../db/dialect.js';
import { verifyBalances } from '../features/rewards/rewards.service.js';

/**
 * `npm run rewards:verify`: recomputes every account's balance from the points ledger and
 * compares it with the stored balance. Prints each difference and exits 1 when there is any;
 * read-only, safe while the server runs.
 */
const config = loadConfig();
const handle = createDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile });
try {
  const started = performance.now();
  const result = await verifyBalances(handle.db);
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  for (const d of result.differences) {
    console.error(
      `account ${d.user_id}: stored balance ${d.stored}, ledger sums to ${d.ledger} (difference ${d.stored - d.ledger})`,
    );
  }
  console.log(
    `${result.entries} ledger entries, ${result.accounts} balances checked in ${seconds} s: ` +
      (result.differences.length ? `${result.differences.length} differ.` : 'every balance equals its ledger.'),
  );
  if (result.differences.length) process.exitCode = 1;
} finally {
  await handle.destroy();
}
