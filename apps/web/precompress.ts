import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
const COMPRESSIBLE = /\.(js|css|svg|webmanifest|json)$/;
const MIN_BYTES = 1024;

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every text file of the build, which the
 * server sends as they are (`preCompressed`). Compressing each answer as it goes out uses brotli
 * quality 4 (apps/api/src/app.ts: a dynamic answer cannot afford more): a phone downloaded 14%
 * more JavaScript than the best compression gives, on every first visit.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'orchard-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' })
        .filter((name) => COMPRESSIBLE.test(name))
        .map((name) => join(outDir, name))
        .filter((path) => readFileSync(path).length >= MIN_BYTES);
      await Promise.all(
        files.map(async (path) => {
          const source = readFileSync(path);
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
            gzipAsync(source, { level: 9 }),
          ]);
          writeFileSync(`${path}.br`, br);
          writeFileSync(`${path}.gz`, gz);
        }),
      );
    },
  };
}
