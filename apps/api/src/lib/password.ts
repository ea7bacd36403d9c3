import { hash, verify } from '@node-rs/argon2';

/** argon2id (`Algorithm.Argon2id` = 2, a const enum) with the OWASP minimum (m=19 MiB, t=2, p=1). */
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
