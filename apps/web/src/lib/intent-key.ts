import { useState } from 'react';
import { ApiError } from './api-client';

/**
 * Idempotency keys, one per intent, for every request that moves money or changes a record once.
 * The same body for the same subject keeps its key, so a retry after a lost answer (or a double
 * tap) is answered with the first result and moves nothing twice. A different body (another amount,
 * reason or override) is a new intent with a new key, which the server would otherwise refuse as a
 * reused key. A key is dropped once its request is answered for good: a success, or a 4xx refusal,
 * which the server stores against the key and which moved nothing, so trying again after fixing
 * what was refused is a new intent. Only "still running" (409 IDEMPOTENCY_IN_PROGRESS) and answers
 * never received keep it.
 */
export interface IntentKeys {
  keyFor(subject: string, body: unknown): string;
  /** After an answer: `null` for a success, else the error (kept only if not final). */
  settle(subject: string, error: unknown): void;
  /** keyFor, the request, settle. */
  run<T>(subject: string, body: unknown, send: (key: string) => Promise<T>): Promise<T>;
}

/** An answer that ends the intent: a 4xx the server stored for the key (not "still running"). */
export function isFinalRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code !== 'IDEMPOTENCY_IN_PROGRESS';
}

export function intentKeys(newKey: () => string = () => crypto.randomUUID()): IntentKeys {
  const intents = new Map<string, { body: string; key: string }>();
  const keys: IntentKeys = {
    keyFor(subject, body) {
      const serialized = JSON.stringify(body);
      const current = intents.get(subject);
      if (current?.body === serialized) return current.key;
      const key = newKey();
      intents.set(subject, { body: serialized, key });
      return key;
    },
    settle(subject, error) {
      if (error === null || isFinalRefusal(error)) intents.delete(subject);
    },
    async run(subject, body, send) {
      const key = keys.keyFor(subject, body);
      try {
        const answer = await send(key);
        keys.settle(subject, null);
        return answer;
      } catch (error) {
        keys.settle(subject, error);
        throw error;
      }
    },
  };
  return keys;
}

/** Keys per subject (a list's rows), kept for the component's life. */
export function useIntentKeys(): IntentKeys {
  const [keys] = useState(() => intentKeys());
  return keys;
}

/** The key of a form's one intent. */
export function useIntentKey() {
  const keys = useIntentKeys();
  return {
    keyFor: (body: unknown) => keys.keyFor('', body),
    settle: (error: unknown) => keys.settle('', error),
    run: <T>(body: unknown, send: (key: string) => Promise<T>) => keys.run('', body, send),
  };
}
