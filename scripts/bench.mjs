// `npm run bench`: runs every bench/*.ts (or the ones named: `npm run bench -- health`),
// each writing bench/results/<name>.json, then prints an index of the results. Exits non-zero
// when a bench fails or one of the results written in this run says `meets_target: false`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Options (`--pages=index,help`) go to every bench run; the other arguments name benches.
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const options = process.argv.slice(2).filter((a) => a.startsWith('--'));
const files = readdirSync(path.join(root, 'bench'))
  .filter((f) => f.endsWith('.ts'))
  .filter((f) => !wanted.length || wanted.includes(f.replace(/\.ts$/, '')))
  .sort();
let failures = 0;
const missed = [];
const resultFile = (file) => path.join(root, 'bench/results', file.replace(/\.ts$/, '.json'));
for (const file of files) {
  console.log(`\n━━━ bench/${file} ━━━`);
  const started = Date.now();
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', file), ...options], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) failures += 1;
  const out = resultFile(file);
  if (existsSync(out) && statSync(out).mtimeMs >= started) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    if (r.meets_target === false) missed.push(file.replace(/\.ts$/, ''));
  }
}
console.log('\n━━━ results ━━━');
const dir = path.join(root, 'bench/results');
if (existsSync(dir)) {
  for (const f of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const r = JSON.parse(readFileSync(path.join(dir, f), 'utf8'));
    const keys = Object.entries(r).filter(([k, v]) => typeof v !== 'object' && !['name', 'node', 'cpus'].includes(k));
    console.log(`${f}: ${keys.map(([k, v]) => `${k}=${v}`).join(' ')}`);
  }
}
if (missed.length) console.log(`\nmissed their target: ${missed.join(', ')}`);
process.exit(failures || missed.length ? 1 : 0);
