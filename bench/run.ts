/**
 * `bun run bench [--smoke]`: runs every benchmark of bench/ one after the other (each in its own
 * process), echoes their figures (value, target, ratio) and writes them with the machine and the
 * date into bench/RESULTS.md, between the `results` markers (the notes around them are kept).
 * `--smoke` runs each on tiny data for a few seconds and writes nothing: the test run uses it so the
 * benchmarks keep working; it never asserts a time. Exits non-zero when a benchmark fails to run.
 * `--engine pg` runs the benchmarks that have a PostgreSQL side (PG_BENCHES) on PostgreSQL, in one private cluster
 * started here (the data set loaded once, lib/pg.ts); `--engine both` runs each of them on SQLite then on
 * PostgreSQL, one after the other in the same run. Both write their figures side by side between the `results-pg`
 * markers (SQLite's full run keeps its own).
 */
import { cpus, loadavg, totalmem } from "node:os";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Figure, meets, ratio } from "./lib/report";

/** Every benchmark, in the order they run. */
export const BENCHES = ["scale.ts", "inbound.ts", "inbound-baileys.ts", "startup.ts", "login.ts", "contacts-import.ts", "dashboard.ts", "campaigns.ts"];

/** The benchmarks that run on PostgreSQL too (`--engine pg`). */
export const PG_BENCHES = ["scale.ts", "inbound.ts", "dashboard.ts"];

const argv = process.argv.slice(2);
const smoke = argv.includes("--smoke");
const engineAt = argv.indexOf("--engine");
const engineArg = engineAt >= 0 ? argv[engineAt + 1] : (argv.find((a) => a.startsWith("--engine="))?.slice(9) ?? "sqlite");
if (!["sqlite", "pg", "both"].includes(engineArg)) throw new Error(`--engine ${engineArg}: sqlite, pg or both`);
const engines: ("sqlite" | "pg")[] = engineArg === "both" ? ["sqlite", "pg"] : [engineArg as "sqlite" | "pg"];
const only = argv.filter((a, i) => !a.startsWith("--") && argv[i - 1] !== "--engine");
const results: { bench: string; engine: "sqlite" | "pg"; figures: Figure[]; seconds: number; code: number }[] = [];
// Other work on the machine skews every figure: the load is printed and written with them.
const load = () => loadavg()[0].toFixed(1);
const loadAtStart = load();
// One cluster for the run: the data set is moved into it once and each benchmark takes a copy.
const pgLib = engines.includes("pg") ? await import("./lib/pg") : null;
const cluster = pgLib ? await (await import("../tests/support/pg-cluster")).startCluster({ settings: pgLib.BENCH_PG_SETTINGS }) : null;

const selected = (engineArg === "sqlite" ? BENCHES : PG_BENCHES).filter((b) => !only.length || only.some((o) => b.startsWith(o)));
for (const [bench, engine] of selected.flatMap((b) => engines.map((e) => [b, e] as const))) {
  console.log(`\n── ${bench}${engine === "pg" ? " on PostgreSQL" : ""}${smoke ? " (smoke)" : ""}`);
  const t0 = performance.now();
  const flags = [...(smoke ? ["--smoke"] : []), ...(engine === "pg" ? ["--engine", "pg"] : [])];
  const env = cluster && pgLib ? { ...process.env, [pgLib.CLUSTER_ENV]: cluster.adminUrl } : process.env;
  const proc = Bun.spawn(["bun", "run", join(import.meta.dir, bench), ...flags], { stdout: "pipe", stderr: "inherit", stdin: "ignore", env });
  const figures: Figure[] = [];
  let buf = "";
  const decoder = new TextDecoder();
  for await (const chunk of proc.stdout) {
    buf += decoder.decode(chunk, { stream: true });
    let i = buf.indexOf("\n");
    while (i >= 0) {
      const line = buf.slice(0, i);
      buf = buf.slice(i + 1);
      if (line.startsWith("@figure ")) figures.push(JSON.parse(line.slice(8)) as Figure);
      else console.log(line);
      i = buf.indexOf("\n");
    }
  }
  const code = await proc.exited;
  const seconds = (performance.now() - t0) / 1000;
  if (code !== 0) console.error(`${bench} failed (exit ${code})`);
  results.push({ bench, engine, figures, seconds, code });
}
cluster?.stop();

const failed = results.filter((r) => r.code !== 0);
const all = results.flatMap((r) => r.figures);
const targeted = all.filter((f) => f.target !== undefined);
console.log(
  `\n${targeted.filter(meets).length} of ${targeted.length} targets met${smoke ? " (smoke data: figures not meaningful)" : ""}; ${failed.length} benchmark(s) failed`,
);

// A figure that could not be worked out (NaN) arrives as null in its JSON line.
const fmt = (n: number | null) => (n === null || !Number.isFinite(n) ? "n/a" : n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
const machine = () =>
  `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(1)} GB, Bun ${Bun.version}; load average ${loadAtStart} at the start, ${load()} at the end`;
if (!smoke && !only.length && engineArg === "sqlite") {
  const lines = [
    "<!-- results:start (written by `bun run bench`; edit outside the markers) -->",
    `Last run: ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${cpus().length} × ${cpus()[0]?.model ?? "cpu"}, ${(totalmem() / 2 ** 30).toFixed(1)} GB, Bun ${Bun.version}; load average ${loadAtStart} at the start, ${load()} at the end.`,
    `${targeted.filter(meets).length} of ${targeted.length} targets met.`,
  ];
  for (const r of results) {
    lines.push(
      "",
      `### ${r.bench} (${r.seconds.toFixed(0)} s${r.code ? `, FAILED exit ${r.code}` : ""})`,
      "",
      "| figure | value | target | ratio | |",
      "|---|---:|---:|---:|---|",
    );
    for (const f of r.figures) {
      const target = f.target === undefined ? "" : `${f.better === "higher" ? "≥" : "<"} ${fmt(f.target)} ${f.unit}`;
      const rt = ratio(f);
      lines.push(
        `| ${f.name}${f.note ? ` (${f.note})` : ""} | ${fmt(f.value)} ${f.unit} | ${target} | ${rt === undefined ? "" : rt.toFixed(2)} | ${f.target === undefined ? "" : meets(f) ? "ok" : "**MISS**"} |`,
      );
    }
  }
  lines.push("<!-- results:end -->");
  writeBetween("results", lines);
}
if (!smoke && engineArg !== "sqlite") writeBetween("results-pg", only.length ? mergedPgLines() : pgLines());

/**
 * `bun run bench scale --engine pg|both`: the section with the benchmarks of this run replaced and the others' kept as
 * the earlier run wrote them (each subsection says when it ran); the targets line counts every subsection's.
 */
function mergedPgLines(): string[] {
  const fresh = pgLines();
  const file = join(import.meta.dir, "RESULTS.md");
  const old = existsSync(file) ? readFileSync(file, "utf8") : "";
  const start = old.indexOf("<!-- results-pg:start");
  const end = old.indexOf("<!-- results-pg:end -->");
  if (start < 0 || end < start) return fresh;
  const oldLines = old.slice(start, end).split("\n");
  const earlier = /^Last run: (.*? at the end)/.exec(oldLines.find((l) => l.startsWith("Last run: ")) ?? "")?.[1] ?? "";
  // Subsections by benchmark: "### <bench> (" up to the next "### ".
  const split = (lines: string[]) => {
    const parts = new Map<string, string[]>();
    let current: string[] | null = null;
    for (const l of lines) {
      const m = /^### (\S+) \(/.exec(l);
      if (m) {
        current = [l];
        parts.set(m[1], current);
      } else if (current && !l.startsWith("<!-- ")) current.push(l);
    }
    return parts;
  };
  const before = split(oldLines);
  const now = split(fresh);
  const benches = [...new Set([...PG_BENCHES.filter((b) => before.has(b) || now.has(b))])];
  const body: string[] = [];
  for (const b of benches) {
    const part = now.get(b) ?? before.get(b)!;
    const trimmed = [...part];
    while (trimmed.length && trimmed[trimmed.length - 1] === "") trimmed.pop();
    if (!now.has(b) && earlier && !trimmed.some((l) => l.startsWith("From the run of "))) trimmed.splice(1, 0, "", `From the run of ${earlier}.`);
    if (now.has(b)) trimmed.splice(1, 0, "", `From the run of ${machine()}.`);
    body.push("", ...trimmed);
  }
  const rows = body.filter((l) => l.startsWith("| ") && !l.startsWith("| figure"));
  const met = rows.filter((l) => l.endsWith("| ok |")).length;
  const missed = rows.filter((l) => l.endsWith("| **MISS** |")).length;
  return [
    fresh[0],
    `Last run: ${machine()} (${only.join(", ")} only; the other benchmarks below from their own runs). PostgreSQL ${cluster?.version}, a private cluster on the same machine (${pgLib?.BENCH_PG_SETTINGS.join(", ")}).`,
    `PostgreSQL: ${met} of ${met + missed} targets met.`,
    ...body,
    "<!-- results-pg:end -->",
  ];
}

/** The PostgreSQL run's figures, each beside SQLite's of the same run (`--engine both`) and PostgreSQL's target. */
function pgLines(): string[] {
  const lines = [
    "<!-- results-pg:start (written by `bun run bench --engine pg|both`; edit outside the markers) -->",
    `Last run: ${machine()}. PostgreSQL ${cluster?.version}, a private cluster on the same machine (${pgLib?.BENCH_PG_SETTINGS.join(", ")}).`,
  ];
  const pgFigures = results.filter((r) => r.engine === "pg").flatMap((r) => r.figures);
  const targeted = pgFigures.filter((f) => f.target !== undefined);
  lines.push(`PostgreSQL: ${targeted.filter(meets).length} of ${targeted.length} targets met.`);
  // SQLite's figure of the same name (its CPU figures count the server alone: no database process).
  const sqliteOf = (bench: string, f: Figure) =>
    results.find((r) => r.bench === bench && r.engine === "sqlite")?.figures.find((s) => s.name === f.name.replace("server + PostgreSQL CPU", "server CPU"));
  for (const bench of [...new Set(results.map((r) => r.bench))]) {
    const pgRun = results.find((r) => r.bench === bench && r.engine === "pg");
    const sqliteRun = results.find((r) => r.bench === bench && r.engine === "sqlite");
    const state = (r: typeof pgRun) => (r ? `${r.seconds.toFixed(0)} s${r.code ? `, FAILED exit ${r.code}` : ""}` : "not run");
    lines.push(
      "",
      `### ${bench} (PostgreSQL ${state(pgRun)}; SQLite ${state(sqliteRun)})`,
      "",
      "| figure | SQLite | PostgreSQL | PG target | |",
      "|---|---:|---:|---:|---|",
    );
    for (const f of pgRun?.figures ?? []) {
      const s = sqliteOf(bench, f);
      const target = f.target === undefined ? "" : `${f.better === "higher" ? "≥" : "<"} ${fmt(f.target)} ${f.unit}`;
      lines.push(
        `| ${f.name}${f.note ? ` (${f.note})` : ""} | ${s ? `${fmt(s.value)} ${s.unit}` : ""} | ${fmt(f.value)} ${f.unit} | ${target} | ${f.target === undefined ? "" : meets(f) ? "ok" : "**MISS**"} |`,
      );
    }
  }
  lines.push("<!-- results-pg:end -->");
  return lines;
}

/** Replaces what lies between RESULTS.md's `<!-- name:start` and `<!-- name:end -->` markers (appends them when missing). */
function writeBetween(name: string, lines: string[]) {
  const file = join(import.meta.dir, "RESULTS.md");
  const old = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmark results\n";
  const start = old.indexOf(`<!-- ${name}:start`);
  const endMark = `<!-- ${name}:end -->`;
  const end = old.indexOf(endMark);
  const next = start >= 0 && end > start ? old.slice(0, start) + lines.join("\n") + old.slice(end + endMark.length) : `${old}\n${lines.join("\n")}\n`;
  writeFileSync(file, next);
  console.log(`written: ${file}`);
}
process.exit(failed.length ? 1 : 0);
