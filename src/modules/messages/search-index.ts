/**
 * The full-text index of message bodies (`messages_fts`, migrations 0004 and 0030): contentless, one
 * row per message keyed by (company_id << 44) | message id, kept in step by triggers. A row lost
 * (a damaged page repaired, a restore from a hand-edited copy) makes that message unfindable by
 * search with no other symptom: the operator's doctor compares the counts, `cli reindex` rebuilds.
 */
import type { DB } from "../../core/db";

/** One company whose message count and indexed count differ. */
export interface SearchIndexDrift {
  companyId: number;
  messages: number;
  indexed: number;
}

/**
 * Companies whose messages and full-text rows differ in number (an empty list: the index is whole). On
 * PostgreSQL the search is an expression index on messages (search-index-pg.ts), never out of step: none.
 */
export function searchIndexDrift(db: Pick<DB, "sqlite" | "engine">): SearchIndexDrift[] {
  if (db.engine === "pg") return [];
  const count = (sql: string) =>
    new Map(
      db.sqlite
        .query<{ c: number; n: number }, []>(sql)
        .all()
        .map((r) => [r.c, r.n]),
    );
  const messages = count("SELECT company_id AS c, count(*) AS n FROM messages GROUP BY company_id");
  const indexed = count("SELECT rowid >> 44 AS c, count(*) AS n FROM messages_fts GROUP BY 1");
  const out: SearchIndexDrift[] = [];
  for (const c of new Set([...messages.keys(), ...indexed.keys()])) {
    const m = messages.get(c) ?? 0;
    const i = indexed.get(c) ?? 0;
    if (m !== i) out.push({ companyId: c, messages: m, indexed: i });
  }
  return out.sort((a, b) => a.companyId - b.companyId);
}

/** Rebuilds the whole FTS5 index from the messages in one transaction; answers the rows indexed (SQLite: on PostgreSQL, rebuildSearchIndexPg). */
export function rebuildSearchIndex(db: Pick<DB, "sqlite">): number {
  return db.sqlite.transaction(() => {
    db.sqlite.exec("INSERT INTO messages_fts(messages_fts) VALUES ('delete-all')");
    db.sqlite.exec("INSERT INTO messages_fts(rowid, body) SELECT (company_id << 44) | id, body FROM messages");
    return db.sqlite.query<{ n: number }, []>("SELECT count(*) AS n FROM messages_fts").get()?.n ?? 0;
  })();
}
