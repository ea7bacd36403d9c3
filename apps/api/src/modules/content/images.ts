import type { CONTENT_IMAGE_TYPES, UploadedImage } from '@orchard/shared';
import type { Tx } from '../../db/client';
import { lockMember } from '../../db/member-lock';
import { AppError, notFound } from '../../errors';
import { withTransaction } from '../../ledger/index';
import type { ServiceDeps } from '../../lib/service-deps';
import { isUuid } from '../../lib/uuid';
import { tooManyRequests } from '../accounts/index';
import { type ConsoleActor, recordConsoleAction } from '../audit/index';
import * as repo from './repository';
import { imageUrl } from './views';

/** Content images: an operator's upload (checked, within a daily quota) and anyone's read. */
export async function readImage(deps: ServiceDeps, id: string): Promise<{ contentType: string; bytes: Buffer }> {
  const row = isUuid(id) ? await repo.findImage(deps.db, id) : undefined;
  if (!row) throw notFound('This image does not exist.');
  return { contentType: row.content_type, bytes: Buffer.from(row.bytes) };
}

/** What the first bytes of each accepted type look like: the declared type must match the file. */
function sniff(bytes: Buffer): (typeof CONTENT_IMAGE_TYPES)[number] | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 12 && bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP')
    return 'image/webp';
  return null;
}

const DAY_MS = 86_400_000;
const MIB = 1_048_576;
/** Images one person may upload in any 24 hours, whatever their size (UPLOAD_QUOTA_MIB_PER_DAY bounds the bytes). */
const UPLOADS_PER_DAY_MAX = 100;

/**
 * The uploader's quota: in any 24 hours at most UPLOADS_PER_DAY_MAX images and
 * UPLOAD_QUOTA_MIB_PER_DAY MiB. Past it, 429 with Retry-After: when enough of the day's uploads
 * have aged out of the window for this one to fit. Counted under the uploader's lock, so
 * parallel uploads cannot all fit in the same room.
 */
async function checkUploadQuota(tx: Tx, deps: ServiceDeps, by: string, size: number, at: Date): Promise<void> {
  const quotaMib = deps.config.UPLOAD_QUOTA_MIB_PER_DAY;
  const uploads = await repo.uploadsSince(tx, by, new Date(at.getTime() - DAY_MS));
  let bytes = uploads.reduce((sum, upload) => sum + Number(upload.size), 0);
  let count = uploads.length;
  const fits = () => count + 1 <= UPLOADS_PER_DAY_MAX && bytes + size <= quotaMib * MIB;
  if (fits()) return;
  // The day's oldest uploads leave the window one by one: the wait is until enough have left.
  let retryAt = at.getTime() + DAY_MS;
  for (const upload of uploads) {
    count -= 1;
    bytes -= Number(upload.size);
    if (fits()) {
      retryAt = new Date(upload.created_at).getTime() + DAY_MS;
      break;
    }
  }
  throw tooManyRequests(
    `Today’s upload allowance is used up (${quotaMib} MiB or ${UPLOADS_PER_DAY_MAX} images in 24 hours). Try again in {wait}.`,
    (retryAt - at.getTime()) / 1000,
  );
}

export async function uploadImage(deps: ServiceDeps, actor: ConsoleActor, contentType: string, bytes: Buffer): Promise<UploadedImage> {
  const declared = contentType.split(';')[0]!.trim().toLowerCase();
  const actual = sniff(bytes);
  if (!actual || actual !== declared) {
    throw new AppError('VALIDATION_FAILED', 'Some fields need attention.', {
      file: 'This file is not a PNG, JPEG or WebP image (or not the type it says it is).',
    });
  }
  const at = deps.clock.now();
  return withTransaction(deps.db, async (tx) => {
    await lockMember(tx, 'uploads', actor.operatorId);
    await checkUploadQuota(tx, deps, actor.operatorId, bytes.length, at);
    const id = await repo.insertImage(tx, { contentType: actual, bytes, at, by: actor.operatorId });
    await recordConsoleAction(tx, actor, {
      action: 'image.uploaded',
      subjectType: 'image',
      subjectId: id,
      detail: { contentType: actual, size: bytes.length },
      at,
    });
    return { id, url: imageUrl(id), contentType: actual, size: bytes.length };
  });
}
