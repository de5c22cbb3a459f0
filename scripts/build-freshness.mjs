// The staleness rule shared by the builds that `npm start` makes when needed: a build is fresh when
// every output exists and none of its sources changed after the oldest output was written.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The newest modification time under `p` (0 when it does not exist), leaving out what `skip` names. */
export function newestMtime(p, skip = () => false) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(p)) {
    if (entry === 'node_modules' || skip(entry)) continue;
    newest = Math.max(newest, newestMtime(path.join(p, entry), skip));
  }
  return newest;
}

/** Paths are relative to `root`. */
export function buildIsFresh(root, { outputs, sources, skip }) {
  const files = outputs.map((f) => path.join(root, f));
  if (!files.every((f) => existsSync(f))) return false;
  const built = Math.min(...files.map((f) => statSync(f).mtimeMs));
  return sources.every((s) => newestMtime(path.join(root, s), skip) <= built);
}
