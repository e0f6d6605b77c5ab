/**
 * `bun run test`: typecheck, lint, unit + API tests (the API, channel, ops and security suites on SQLite and again on
 * PostgreSQL), the browser tests, the benchmarks' smoke run, then the single binary
 * (built and run from an empty folder). Independent steps run side by side (most of a browser test's time is spent
 * waiting on the server, the browser or a timer, so a few of them share two cores well); each step's output is
 * printed whole when it ends, so the log reads step by step. Sums the pass/fail counts (typecheck, lint and the
 * binary count as one test each) and ends with the line `N passed, N failed`; exits non-zero when anything failed.
 *
 * `TEST_JOBS` sets how many steps run at once (default: 2 per core, at least 3); `TEST_JOBS=1` runs them one
 * after the other, streaming their output as before.
 */
import { availableParallelism } from "node:os";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";
import { SHARED_CLUSTER_ENV, startCluster } from "../tests/support/pg-cluster";

const ROOT = resolve(import.meta.dir, "..");
const TEST_FILE = /\.(test|spec)\.(ts|tsx|js|jsx|mts|mjs)$|_(test|spec)_/;
/** Roots of the unit + API run; other folders under tests/ (except e2e, helpers, support, fixtures) join automatically. */
const UNIT_ROOTS = ["src", "web/src", "tests/unit", "tests/api", "tests/channels"];
const NOT_SUITES = ["e2e", "helpers", "fixtures", "support", "nodes", "nodes-e2e"];
const E2E_ROOT = "tests/e2e";
const E2E_TIMEOUT_MS = 120_000;
/** The API tests are the largest unit-level step: split into this many processes (files dealt round-robin by size). */
const API_SHARDS = 3;
const JOBS = Math.max(1, Number(process.env.TEST_JOBS) || Math.max(3, availableParallelism() * 2));
const STREAM = JOBS === 1;

interface StepResult {
  passed: number;
  failed: number;
}

const totals: StepResult = { passed: 0, failed: 0 };
const summary: string[] = [];

/** A step that runs longer is killed and counts as failed, so CI never hangs (it must end under 20 min). */
const STEP_TIMEOUT_MS = 8 * 60_000;

/** Runs a command without stdin, capturing its output (echoed live only when steps run one at a time). */
async function run(cmd: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string; seconds: number }> {
  const started = Date.now();
  if (STREAM) console.log(`\n$ ${cmd.join(" ")}`);
  const proc = Bun.spawn(cmd, {
    cwd: ROOT,
    env: { ...process.env, FORCE_COLOR: "0", NO_COLOR: "1", ...env },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  let output = "";
  const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
    const decoder = new TextDecoder();
    for await (const chunk of stream) {
      const text = decoder.decode(chunk, { stream: true });
      output += text;
      if (STREAM) sink.write(text);
    }
  };
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    output += `\n${cmd.join(" ")}: still running after ${STEP_TIMEOUT_MS / 60_000} min, killed\n`;
    proc.kill("SIGKILL");
  }, STEP_TIMEOUT_MS);
  await Promise.all([pump(proc.stdout, process.stdout), pump(proc.stderr, process.stderr)]);
  const code = await proc.exited;
  clearTimeout(timer);
  const seconds = (Date.now() - started) / 1000;
  if (!STREAM) console.log(`\n$ ${cmd.join(" ")}   (${seconds.toFixed(1)} s)\n${output.trimEnd()}`);
  return { code: timedOut && code === 0 ? 1 : code, output, seconds };
}

/** Whether a path is a test file or a folder holding at least one (recursively, skipping node_modules). */
function hasTests(dir: string): boolean {
  const abs = join(ROOT, dir);
  if (!existsSync(abs)) return false;
  if (!statSync(abs).isDirectory()) return TEST_FILE.test(dir);
  for (const entry of readdirSync(abs, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.startsWith(".")) continue;
    if (entry.isDirectory() ? hasTests(`${dir}/${entry.name}`) : TEST_FILE.test(entry.name)) return true;
  }
  return false;
}

/** Reads the "N pass" / "N fail" summary of `bun test`; a crash without a summary counts as one failure. */
function parseBunTest(output: string, code: number): StepResult {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour codes
  const clean = output.replace(/\x1b\[[0-9;]*m/g, "");
  const num = (re: RegExp) => {
    const all = [...clean.matchAll(re)];
    return all.length ? Number(all[all.length - 1][1]) : null;
  };
  const passed = num(/^\s*(\d+) pass\s*$/gm);
  let failed = num(/^\s*(\d+) fail\s*$/gm) ?? 0;
  if (code !== 0 && failed === 0) failed = 1; // unhandled error, crash or timeout outside a test
  return { passed: passed ?? 0, failed };
}

function record(name: string, r: StepResult, seconds: number, output = "") {
  totals.passed += r.passed;
  totals.failed += r.failed;
  summary.push(`${r.failed ? "FAIL" : "ok  "} ${name}: ${r.passed} passed, ${r.failed} failed (${seconds.toFixed(0)} s)`);
  if (r.failed) summary.push(...failureLines(output));
}

/**
 * What a failed step's log says of its failures, for the summary (CI may keep only the end of the log): each
 * `(fail)` line (once) with its error, expected and received values and the test's line that failed, at most 10.
 */
function failureLines(output: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strips ANSI colour codes
  const lines = output.replace(/\x1b\[[0-9;]*m/g, "").split("\n");
  const found: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < lines.length && found.length < 10; i++) {
    if (!lines[i].startsWith("(fail)")) continue;
    const name = lines[i].replace(/\s*\[[\d.]+m?s\]\s*$/, "");
    if (seen.has(name)) continue;
    seen.add(name);
    let j = i - 1;
    while (j >= Math.max(0, i - 80) && !lines[j].startsWith("(pass)") && !lines[j].startsWith("(fail)")) j--;
    const before = lines.slice(j + 1, i);
    const error = before.find((l) => /^\s*(error|Error|TypeError|AssertionError)\b/.test(l));
    const values = before.filter((l) => /^\s*(Expected|Received)\b/.test(l)).slice(0, 2);
    const at = before.find((l) => /^\s*at .*\.test\.ts:\d+/.test(l));
    const detail = [error, ...values, at].filter((l): l is string => !!l).map((l) => `\n         ${l.trim().slice(0, 200)}`);
    found.push(`       ${lines[i].slice(0, 200)}${detail.join("")}`);
  }
  if (!found.length) {
    const tail = lines.filter((l) => l.trim()).slice(-3);
    found.push(...tail.map((l) => `       ${l.slice(0, 200)}`));
  }
  return found;
}

/** A step that is one test: passes when the command exits 0. */
async function single(name: string, cmd: string[]) {
  const { code, output, seconds } = await run(cmd);
  record(name, code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }, seconds, output);
}

/** `bun test` over the given folders or files that hold tests; none is not a failure. */
async function bunTest(name: string, paths: string[], extra: string[] = [], env: Record<string, string> = {}) {
  const withTests = paths.filter(hasTests);
  if (withTests.length === 0) {
    summary.push(`--   ${name}: no tests`);
    return;
  }
  const { code, output, seconds } = await run(["bun", "test", ...withTests.map((d) => `./${d}`), ...extra], env);
  record(name, parseBunTest(output, code), seconds, output);
}

function extraTestDirs(): string[] {
  const abs = join(ROOT, "tests");
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !NOT_SUITES.includes(e.name))
    .map((e) => `tests/${e.name}`)
    .filter((d) => !UNIT_ROOTS.includes(d));
}

/** Test files of a folder (not recursive), largest first: the big files start early and the shards even out. */
function testFiles(dir: string): string[] {
  const abs = join(ROOT, dir);
  if (!existsSync(abs)) return [];
  return readdirSync(abs)
    .filter((f) => TEST_FILE.test(f))
    .map((f) => ({ path: `${dir}/${f}`, size: statSync(join(abs, f)).size }))
    .sort((a, b) => b.size - a.size || a.path.localeCompare(b.path))
    .map((f) => f.path);
}

/** Deals files into `n` shards, largest first, each to the lightest shard so far. */
function shard(files: string[], n: number): string[][] {
  const shards = Array.from({ length: n }, () => ({ files: [] as string[], size: 0 }));
  for (const f of files) {
    const lightest = shards.reduce((a, b) => (b.size < a.size ? b : a));
    lightest.files.push(f);
    lightest.size += statSync(join(ROOT, f)).size;
  }
  return shards.map((s) => s.files.sort()).filter((s) => s.length);
}

/** Runs tasks with at most JOBS at once; resolves when all ended. */
async function pool(tasks: (() => Promise<void>)[]) {
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) await tasks[next++]();
  };
  await Promise.all(Array.from({ length: Math.min(JOBS, tasks.length) }, worker));
}

const started = Date.now();
console.log(`bun run test: ${JOBS} steps at a time`);

// One private PostgreSQL cluster for every step (each test file makes its own database in it); stopped when this
// process exits. Without PostgreSQL, the tests that need it fail saying how to install it.
try {
  const pg = await startCluster();
  process.env[SHARED_CLUSTER_ENV] = pg.adminUrl;
  console.log(`PostgreSQL ${pg.version} test cluster on ${pg.adminUrl} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
} catch (e) {
  console.log(`no PostgreSQL test cluster: ${(e as Error).message}`);
}

// First the checks and the unit-level suites, side by side with the SPA build (the browser tests and the binary
// need it). The suites with timing assertions (channels, security) run here, before the browsers load the machine.
let webBuilt = false;
const buildWeb = async () => {
  const build = await run(["bun", "run", "build:web"]);
  webBuilt = build.code === 0;
  if (!webBuilt) record("build:web (for browser tests)", { passed: 0, failed: 1 }, build.seconds);
};
const apiShards = shard(testFiles("tests/api"), API_SHARDS);
// The same API, channel, ops and security suites again on PostgreSQL (BALCAO_TEST_ENGINE=pg: makeTestApp gives each
// file a migrated database of its own on the shared cluster; the files that test a SQLite-only mechanism say so and
// skip). The browser tests run on SQLite.
const onPostgres = { BALCAO_TEST_ENGINE: "pg" };
const pgSuites = ["tests/channels", "tests/ops", "tests/security"];
await pool([
  () => single("typecheck", ["bun", "run", "typecheck"]),
  () => bunTest("several nodes (tests/nodes)", ["tests/nodes"]),
  () => bunTest("channel tests", ["tests/channels", ...extraTestDirs()]),
  ...apiShards.map((files, i) => () => bunTest(`API tests ${i + 1}/${apiShards.length}`, files)),
  ...apiShards.map((files, i) => () => bunTest(`API tests on PostgreSQL ${i + 1}/${apiShards.length}`, files, [], onPostgres)),
  () => bunTest("channel, ops and security tests on PostgreSQL", pgSuites, [], onPostgres),
  () => bunTest("unit tests", ["src", "web/src", "tests/unit"]),
  buildWeb,
  () => single("lint", ["bun", "run", "lint"]),
]);

// Then the browser tests, each file its own step (a slow or stuck file cannot take the others down with it), the
// benchmarks on tiny data (figures printed, never asserted) and the single binary (SPA + migrations embedded)
// served from an empty folder.
const binary = join(ROOT, "build/balcao-test");
const e2eFiles = hasTests(E2E_ROOT) ? testFiles(E2E_ROOT) : [];
if (!e2eFiles.length) summary.push("--   browser tests: no tests");
await pool([
  ...(webBuilt ? e2eFiles : []).map((file) => () => bunTest(`browser: ${file.slice(E2E_ROOT.length + 1)}`, [file], ["--timeout", String(E2E_TIMEOUT_MS)])),
  () => single("benchmarks (bench/run.ts --smoke)", ["bun", "run", "bench/run.ts", "--smoke"]),
  () => single("binary (build:binary --verify)", ["bun", "run", "build:binary", "--verify", "--outfile", binary]),
]);
rmSync(binary, { force: true });

// Last, alone: three server processes, PostgreSQL and a bucket on the machine, with kill -9, a campaign moving
// between nodes and a drain (its waits are those of a real failover: a lease period plus reconnects, which a
// machine loaded by the other steps stretches past the test's bounds).
await pool([() => bunTest("three nodes on one PostgreSQL (tests/nodes-e2e)", ["tests/nodes-e2e"])]);

console.log(`\n── summary (${((Date.now() - started) / 1000).toFixed(1)} s) ──`);
for (const line of summary) console.log(line);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
