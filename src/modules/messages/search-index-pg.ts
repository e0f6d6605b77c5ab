import type postgres from "postgres";

/**
 * Rebuilds the PostgreSQL search index of message bodies after a bulk load (`migrate-to-postgres`); answers the
 * messages indexed. PLACEHOLDER until branch `search` builds the index (migrations-pg/0002_messages_search.sql):
 * for now it only refreshes the planner's statistics of the messages and answers 0.
 */
export async function rebuildSearchIndexPg(sql: postgres.Sql | postgres.TransactionSql): Promise<number> {
  await sql`ANALYZE messages`;
  return 0;
}
