/**
 * The generated data set, built once per (scale, seed, migrations, generator) and cached in the
 * temp folder; every benchmark works on its own copy, so a run never sees another run's writes.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { FULL, generate, SMOKE, type Scale } from "./generate";
import { SMOKE_MODE } from "./report";

const ROOT = resolve(import.meta.dir, "../..");

function keyOf(scale: Scale) {
  const h = new Bun.CryptoHasher("sha1");
  h.update(JSON.stringify(scale));
  h.update(readFileSync(join(ROOT, "migrations/meta/_journal.json")));
  h.update(readFileSync(join(import.meta.dir, "generate.ts")));
  return h.digest("hex").slice(0, 12);
}

/** The scale of this run: the full data set, or the tiny one under `--smoke`. */
export const currentScale = (): Scale => (SMOKE_MODE ? SMOKE : FULL);

/** The data set's cache key: its scale, the SQLite migrations and the generator (a change to any makes a new one). */
export const datasetKey = (scale = currentScale()) => keyOf(scale);

/** A fresh data folder holding a copy of the data set (app.db and the secrets it was made with). */
export async function datasetCopy(scale = currentScale()): Promise<string> {
  const cache = join(tmpdir(), `balcao-bench-data-${keyOf(scale)}`);
  if (!existsSync(join(cache, "app.db"))) {
    const work = mkdtempSync(join(tmpdir(), "balcao-bench-gen-"));
    const seconds = await generate(join(work, "app.db"), scale);
    console.log(`generated ${scale.tickets} tickets, ${scale.contacts} contacts, ${scale.messages} messages, 3 companies in ${seconds.toFixed(1)} s`);
    rmSync(cache, { recursive: true, force: true });
    renameSync(work, cache);
  }
  const dir = mkdtempSync(join(tmpdir(), "balcao-bench-run-"));
  mkdirSync(join(dir, "media"), { recursive: true });
  for (const f of ["app.db", "secrets.json"]) if (existsSync(join(cache, f))) copyFileSync(join(cache, f), join(dir, f));
  return dir;
}
