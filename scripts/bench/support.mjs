// What the PostgreSQL benches share: a database of their own beside the given one, a free port,
// pgbench, and waiting for the built server to answer /api/ready.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

export function withDatabase(url, name) {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

export function findPgbench() {
  const candidates = [process.env.PGBENCH, 'pgbench', '/usr/lib/postgresql/15/bin/pgbench', '/usr/lib/postgresql/16/bin/pgbench'];
  for (const candidate of candidates.filter(Boolean)) {
    const probe = spawnSync(candidate, ['--version'], { encoding: 'utf8' });
    if (probe.status === 0) return candidate;
  }
  return null;
}

export async function waitReady(base, child) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`${base}/api/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become ready within 60 s');
}
