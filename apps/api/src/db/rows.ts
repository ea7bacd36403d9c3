import { getTableColumns, type InferSelectModel, type SQL, type Table } from 'drizzle-orm';
import type { Db, Tx } from './client';

/** The rows of a raw SQL query (the same on PGlite and PostgreSQL). */
export async function rowsOf<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * A row that a database function returned as JSON (`to_jsonb(row)`) as Drizzle would have read it:
 * keys by the table's column names, timestamps as Dates. Bigint columns are read in number mode.
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>): InferSelectModel<T> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name] ?? null;
    row[key] = value !== null && column.dataType === 'date' ? new Date(value as string) : value;
  }
  return row as InferSelectModel<T>;
}
