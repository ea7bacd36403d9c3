/**
 * zod probes `new Function('')` to choose its compiled fast path as each object schema is built;
 * under our CSP (no 'unsafe-eval') the probe is refused and the browser reports a policy violation.
 * Forms validate a few fields: the interpreted path is plenty. The setting must be in place before
 * any schema is built, that is before any page's chunk runs (the shared contracts build theirs as
 * they load, in whatever order the chunks arrive), so the entry sets it, without loading zod:
 * zod adopts this global settings object when it loads (zod/v4/core/core.js; checked by
 * zod-config.test.ts).
 */
const zodGlobal = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodGlobal.__zod_globalConfig = { ...zodGlobal.__zod_globalConfig, jitless: true };

export {};
