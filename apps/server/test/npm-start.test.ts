import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm start` and the server's commands run the compiled server (scripts/server-build.mjs builds
 * it when missing or stale) on plain Node: no TypeScript loader in production. The web app is not
 * needed here (WEB_DIST_DIR names an empty folder, so scripts/start.mjs does not build it).
 */
const root = path.resolve(import.meta.dirname, '../../..');
const dirs: string[] = [];
const tempDir = (name: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `puntoverde-${name}-`));
  dirs.push(dir);
  return dir;
};
let child: ChildProcess | null = null;

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child!.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** `pid` and its descendants with their command lines (Linux /proc). */
function processTree(pid: number): Array<{ pid: number; cmdline: string }> {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      // The parent is the 4th field after the command name, which may hold spaces and parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended meanwhile
    }
  }
  const tree: Array<{ pid: number; cmdline: string }> = [];
  const visit = (p: number) => {
    tree.push({ pid: p, cmdline: readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0').join(' ').trim() });
    for (const c of parents.get(p) ?? []) visit(c);
  };
  visit(pid);
  return tree;
}

const serverEnv = (dataDir: string) => ({
  ...process.env,
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  REDIS_URL: '',
  DEMO: 'false',
  MAIL_TRANSPORT: 'outbox',
  LOG_LEVEL: 'warn',
});

describe.skipIf(process.platform !== 'linux')('npm start', { timeout: 180_000 }, () => {
  it('serves /back/api/health from the compiled server, one process with no tsx', async () => {
    const port = await freePort();
    child = spawn(process.execPath, ['scripts/start.mjs'], {
      cwd: root,
      env: { ...serverEnv(tempDir('start')), PORT: String(port), HOST: '127.0.0.1', WEB_DIST_DIR: tempDir('web') },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    for (let i = 0; ; i++) {
      const status = await fetch(`http://127.0.0.1:${port}/back/api/health`).then(
        (r) => r.status,
        () => 0,
      );
      if (status === 200) break;
      if (i > 1500 || child.exitCode !== null) throw new Error(`the server did not start:\n${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // One process: start.mjs runs the compiled server itself; no command line loads tsx.
    const tree = processTree(child.pid!);
    expect(tree.map((p) => p.cmdline)).toEqual([`${process.execPath} scripts/start.mjs`]);
  });

  it('runs `npm run db:migrate` compiled', () => {
    const res = spawnSync('npm', ['run', 'db:migrate'], {
      cwd: root,
      env: serverEnv(tempDir('migrate')),
      encoding: 'utf8',
    });
    expect(res.status, res.stderr).toBe(0);
    expect(res.stdout).toContain('node dist/cli/migrate.js');
    expect(res.stdout).toMatch(/Applied \d+ migration/);
  });
});
