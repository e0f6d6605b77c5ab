/**
 * `bun run bench [--smoke]`: runs every benchmark of bench/ one after the other (each in its own
 * process), echoes their figures (value, target, ratio) and writes them with the machine and the
 * date into bench/RESULTS.md, between the `results` markers (the notes around them are kept).
 * `--smoke` runs each on tiny data for a few seconds and writes nothing: the test run uses it so the
 * benchmarks keep working; it never asserts a time. Exits non-zero when a benchmark fails to run.
 */
import { cpus, loadavg, totalmem } from "node:os";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Figure, meets, ratio } from "./lib/report";

/** Every benchmark, in the order they run. */
export const BENCHES = ["scale.ts", "inbound.ts", "inbound-baileys.ts", "startup.ts", "login.ts", "contacts-import.ts", "dashboard.ts", "campaigns.ts"];

const smoke = process.argv.includes("--smoke");
const only = process.argv.slice(2).filter((a) => !a.startsWith("--"));
const results: { bench: string; figures: Figure[]; seconds: number; code: number }[] = [];
// Other work on the machine skews every figure: the load is printed and written with them.
const load = () => loadavg()[0].toFixed(1);
const loadAtStart = load();

for (const bench of BENCHES.filter((b) => !only.length || only.some((o) => b.startsWith(o)))) {
  console.log(`\n── ${bench}${smoke ? " (smoke)" : ""}`);
  const t0 = performance.now();
  const proc = Bun.spawn(["bun", "run", join(import.meta.dir, bench), ...(smoke ? ["--smoke"] : [])], { stdout: "pipe", stderr: "inherit", stdin: "ignore" });
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
  results.push({ bench, figures, seconds, code });
}

const failed = results.filter((r) => r.code !== 0);
const all = results.flatMap((r) => r.figures);
const targeted = all.filter((f) => f.target !== undefined);
console.log(
  `\n${targeted.filter(meets).length} of ${targeted.length} targets met${smoke ? " (smoke data: figures not meaningful)" : ""}; ${failed.length} benchmark(s) failed`,
);

if (!smoke && !only.length) {
  const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));
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
  const file = join(import.meta.dir, "RESULTS.md");
  const old = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmark results\n\n<!-- results:start -->\n<!-- results:end -->\n";
  const start = old.indexOf("<!-- results:start");
  const end = old.indexOf("<!-- results:end -->");
  const next =
    start >= 0 && end > start ? old.slice(0, start) + lines.join("\n") + old.slice(end + "<!-- results:end -->".length) : `${old}\n${lines.join("\n")}\n`;
  writeFileSync(file, next);
  console.log(`written: ${file}`);
}
process.exit(failed.length ? 1 : 0);
