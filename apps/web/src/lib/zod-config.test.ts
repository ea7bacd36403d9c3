import { expect, it } from 'vitest';

it('makes zod, loaded after it, build its schemas without compiling code', async () => {
  await import('./zod-config');
  const { config, z } = await import('zod');
  expect(config().jitless).toBe(true);
  const compiled: string[] = [];
  const RealFunction = globalThis.Function;
  globalThis.Function = new Proxy(RealFunction, {
    construct(target, args: string[]) {
      compiled.push(args.join(','));
      return Reflect.construct(target, args);
    },
  });
  try {
    const schema = z.object({ amount: z.number().int(), note: z.string().optional() });
    expect(schema.parse({ amount: 5 })).toEqual({ amount: 5 });
  } finally {
    globalThis.Function = RealFunction;
  }
  expect(compiled).toEqual([]);
});
