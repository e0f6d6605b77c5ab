/**
 * The integrity Worker: runs SQLite's check of one database file on its own read-only connection,
 * off the server's thread (integrity.ts starts and ends it). Listed as an entrypoint of the single
 * binary (scripts/build-binary.ts).
 */
import { Database } from "bun:sqlite";

declare const self: Worker;

self.onmessage = (e: MessageEvent<{ path: string; full: boolean }>) => {
  let db: Database | null = null;
  try {
    db = new Database(e.data.path, { readonly: true });
    db.exec("PRAGMA busy_timeout = 5000");
    const pragma = e.data.full ? "integrity_check" : "quick_check";
    const rows = db.query<Record<string, string>, []>(`PRAGMA ${pragma}(20)`).all();
    const problems = rows.map((r) => Object.values(r)[0]).filter((v) => v !== "ok");
    self.postMessage({ ok: problems.length === 0, problems });
  } catch (err) {
    const code = (err as { code?: string }).code;
    self.postMessage({ ok: false, problems: [`${code ? `${code}: ` : ""}${(err as Error).message ?? err}`] });
  } finally {
    db?.close();
  }
};
