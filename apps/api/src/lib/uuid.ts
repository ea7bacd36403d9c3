/** A UUID in its canonical textual form (any version), as PostgreSQL's `uuid` type accepts it. */
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True when `value` can be compared with a `uuid` column without a database error. */
export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}
