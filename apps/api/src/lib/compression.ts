import { constants as zlibConstants } from 'node:zlib';

/**
 * Brotli for answers made per request (API answers, page shells). Its default quality (11) is
 * meant for static files: on every dynamic answer it costs more CPU than the whole request
 * (ledger credits/s halved in scripts/bench). Quality 4 compresses JSON about as well as gzip at a
 * fraction of the cost. Static files are compressed once at build time, at 11.
 */
export const DYNAMIC_BROTLI_OPTIONS = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } };
