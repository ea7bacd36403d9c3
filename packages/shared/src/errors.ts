import { z } from 'zod';
import { ERROR_CODES } from './error-codes';

export * from './error-codes';

/** Every error the API answers with has this shape (ARCHITECTURE.md rule 3); `code` is an ErrorCode. */
export const apiErrorSchema = z.strictObject({
  error: z.strictObject({
    code: z.enum(ERROR_CODES),
    message: z.string(),
    /** Field path (dot-separated) → a message a person understands. */
    fields: z.record(z.string(), z.string()).optional(),
    /** The request's trace (32 hex digits) while the server traces requests; support finds it by this id. */
    traceId: z.string().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
