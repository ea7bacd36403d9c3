import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';

/*
 * The monitoring in deploy/ (README "Monitoring"): Prometheus's configuration and alert rules, and
 * the Grafana dashboard. The alerts and the dashboard may only use metrics the app exports; where
 * promtool is installed (.ci/run installs it) the configuration and rules are checked, the alerts'
 * unit tests run, and every dashboard query is parsed.
 */
const DEPLOY = fileURLToPath(new URL('../../../deploy/', import.meta.url));
const TOKEN = 'metrics-token-for-deploy-tests';
const promtool = ['/usr/bin/promtool', '/usr/local/bin/promtool'].find((path) => existsSync(path));

const alertsFile = join(DEPLOY, 'prometheus/alerts.yml');
const dashboard = JSON.parse(readFileSync(join(DEPLOY, 'grafana/dashboards/orchard.json'), 'utf8')) as {
  panels: { title: string; targets: { expr: string }[] }[];
};
const dashboardQueries = dashboard.panels.flatMap((panel) => panel.targets.map((target) => ({ title: panel.title, expr: target.expr })));
const alertQueries = [...readFileSync(alertsFile, 'utf8').matchAll(/expr: (?:\|\n((?: {10}.*\n)+)|(.*))/g)].map((match) =>
  (match[1] ?? match[2] ?? '').trim(),
);

/** The metric names a query reads (a histogram's series by their family). */
const metricsIn = (expr: string) =>
  [...expr.matchAll(/\borchard_[a-z0-9_]+/g)].map((match) => match[0].replace(/_(bucket|sum|count)$/, ''));

describe('deploy/ monitoring', () => {
  let t: TestApp;
  let exported: Set<string>;
  beforeAll(async () => {
    t = await createTestApp('pglite', { METRICS_TOKEN: TOKEN });
    const body = (await t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
    exported = new Set([...body.matchAll(/^# TYPE (\S+) /gm)].map((match) => match[1]!));
  });
  afterAll(async () => t?.close());

  it('alerts and dashboard read only metrics the app exports', () => {
    expect(alertQueries.length).toBeGreaterThanOrEqual(6);
    expect(dashboardQueries.length).toBeGreaterThanOrEqual(10);
    const missing = [...alertQueries, ...dashboardQueries.map((query) => query.expr)]
      .flatMap(metricsIn)
      .filter((name) => !exported.has(name));
    expect([...new Set(missing)]).toEqual([]);
  });

  it('mounts only files that exist', () => {
    const compose = readFileSync(join(DEPLOY, 'compose.yaml'), 'utf8');
    const mounted = [...compose.matchAll(/^\s+- (\.\/[^:]+):/gm)].map((match) => match[1]!);
    expect(mounted.length).toBeGreaterThanOrEqual(5);
    for (const path of mounted) expect(existsSync(join(DEPLOY, path)), path).toBe(true);
  });

  // Declared only where promtool is installed (Debian's prometheus package; .ci/run installs it).
  if (promtool) {
    const run = (...args: string[]) => spawnSync(promtool, args, { encoding: 'utf8' });
    const scratch = mkdtempSync(join(tmpdir(), 'orchard-promtool-'));
    afterAll(() => rmSync(scratch, { recursive: true, force: true }));

    it('has a configuration and rules promtool accepts, and alerts that pass their unit tests', () => {
      copyFileSync(join(DEPLOY, 'prometheus/prometheus.yml'), join(scratch, 'prometheus.yml'));
      copyFileSync(alertsFile, join(scratch, 'alerts.yml'));
      writeFileSync(join(scratch, 'metrics-token'), TOKEN);
      const config = run('check', 'config', join(scratch, 'prometheus.yml'));
      expect(config.stdout + config.stderr).toContain('SUCCESS');
      expect(config.status).toBe(0);
      const tests = run('test', 'rules', join(DEPLOY, 'prometheus/alerts.test.yml'));
      expect(tests.stdout + tests.stderr).toContain('SUCCESS');
      expect(tests.status).toBe(0);
    });

    it('has dashboard queries that all parse', () => {
      const rules = dashboardQueries.map(
        (query, index) => `      - record: orchard:dashboard_${index}\n        expr: ${JSON.stringify(query.expr)}`,
      );
      const file = join(scratch, 'dashboard-queries.yml');
      writeFileSync(file, `groups:\n  - name: dashboard\n    rules:\n${rules.join('\n')}\n`);
      const checked = run('check', 'rules', file);
      expect(checked.stdout + checked.stderr).toContain(`SUCCESS: ${dashboardQueries.length} rules found`);
      expect(checked.status).toBe(0);
    });
  }
});
