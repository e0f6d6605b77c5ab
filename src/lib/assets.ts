import { existsSync } from "node:fs";
import { join, resolve } from "node:path";

/**
 * Files shipped with the app (migrations, the built SPA). In a compiled binary they are embedded and
 * listed in `globalThis.__BALCAO_EMBEDDED__` (logical path → embedded path); otherwise they are read
 * from the project folder.
 */
declare global {
  var __BALCAO_EMBEDDED__: Record<string, string> | undefined;
}

export const PROJECT_ROOT = resolve(import.meta.dir, "../..");

/** Resolves a project-relative path (e.g. "web/dist/index.html") to a readable path, or null. */
export function assetPath(rel: string): string | null {
  const embedded = globalThis.__BALCAO_EMBEDDED__;
  if (embedded) return embedded[rel] ?? null;
  const p = join(PROJECT_ROOT, rel);
  return existsSync(p) ? p : null;
}

/** Lists embedded or on-disk asset paths under a prefix (project-relative). */
export function listAssets(prefix: string): string[] {
  const embedded = globalThis.__BALCAO_EMBEDDED__;
  if (embedded) return Object.keys(embedded).filter((k) => k.startsWith(prefix));
  const dir = join(PROJECT_ROOT, prefix);
  if (!existsSync(dir)) return [];
  const glob = new Bun.Glob("**/*");
  return Array.from(glob.scanSync({ cwd: dir, onlyFiles: true }), (f) => `${prefix}/${f}`.replace(/\/+/g, "/"));
}
