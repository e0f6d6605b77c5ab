/**
 * `bun run db:generate [drizzle-kit generate options]`: the numbered migrations of both engines from the one schema,
 * SQLite's (migrations/, drizzle.config.ts) then PostgreSQL's (migrations-pg/, drizzle.pg.config.ts, whose tables
 * src/db/pg-schema.ts derives). Options go to both (`--name x`); `--only sqlite` or `--only pg` runs one, e.g. for a
 * hand-written step: `bun run db:generate --only pg --custom --name x`.
 */
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..");
const args = process.argv.slice(2);
const at = args.indexOf("--only");
const only = at >= 0 ? args.splice(at, 2)[1] : null;
if (only !== null && only !== "sqlite" && only !== "pg") {
  console.error("--only takes sqlite or pg");
  process.exit(2);
}
const configs = [
  { engine: "sqlite", config: "drizzle.config.ts" },
  { engine: "pg", config: "drizzle.pg.config.ts" },
].filter((c) => !only || c.engine === only);
for (const { engine, config } of configs) {
  console.log(`==> ${engine}: drizzle-kit generate --config ${config} ${args.join(" ")}`);
  const code = await Bun.spawn([resolve(ROOT, "node_modules/.bin/drizzle-kit"), "generate", "--config", config, ...args], {
    cwd: ROOT,
    stdio: ["inherit", "inherit", "inherit"],
  }).exited;
  if (code !== 0) process.exit(code);
}
