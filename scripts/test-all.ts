/**
 * `bun run test`: typecheck, lint, unit + API tests, the browser tests, the benchmarks' smoke run, then the single binary
 * (built and run from an empty folder). Streams every step's output, sums the pass/fail counts
 * (typecheck, lint and the binary count as one test each) and ends with the line
 * `N passed, N failed`; exits non-zero when anything failed.
 */
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..");
const TEST_FILE = /\.(test|spec)\.(ts|tsx|js|jsx|mts|mjs)$|_(test|spec)_/;
/** Roots of the unit + API run; other folders under tests/ (except e2e and helpers) join automatically. */
const UNIT_ROOTS = ["src", "web/src", "tests/unit", "tests/api", "tests/channels"];
const E2E_ROOT = "tests/e2e";
const E2E_TIMEOUT_MS = 120_000;

interface StepResult {
  passed: number;
  failed: number;
}

const totals: StepResult = { passed: 0, failed: 0 };
const summary: string[] = [];

/** A step that runs longer is killed and counts as failed, so CI never hangs (it must end under 20 min). */
const STEP_TIMEOUT_MS = 8 * 60_000;

/** Runs a command without stdin, echoing its output while capturing it. */
async function run(cmd: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  console.log(`\n$ ${cmd.join(" ")}`);
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
      sink.write(text);
    }
  };
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    console.error(`\n${cmd.join(" ")}: still running after ${STEP_TIMEOUT_MS / 60_000} min, killed`);
    proc.kill("SIGKILL");
  }, STEP_TIMEOUT_MS);
  await Promise.all([pump(proc.stdout, process.stdout), pump(proc.stderr, process.stderr)]);
  const code = await proc.exited;
  clearTimeout(timer);
  return { code: timedOut && code === 0 ? 1 : code, output };
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

function record(name: string, r: StepResult) {
  totals.passed += r.passed;
  totals.failed += r.failed;
  summary.push(`${r.failed ? "FAIL" : "ok  "} ${name}: ${r.passed} passed, ${r.failed} failed`);
}

/** A step that is one test: passes when the command exits 0. */
async function single(name: string, cmd: string[]) {
  const { code } = await run(cmd);
  record(name, code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });
}

/** `bun test` over the folders that hold tests; none is not a failure. */
async function bunTest(name: string, dirs: string[], extra: string[] = [], env: Record<string, string> = {}) {
  const withTests = dirs.filter(hasTests);
  if (withTests.length === 0) {
    console.log(`\n(${name}: no test files yet in ${dirs.join(", ")})`);
    summary.push(`--   ${name}: no tests`);
    return;
  }
  const { code, output } = await run(["bun", "test", ...withTests.map((d) => `./${d}`), ...extra], env);
  record(name, parseBunTest(output, code));
}

function extraTestDirs(): string[] {
  const abs = join(ROOT, "tests");
  if (!existsSync(abs)) return [];
  return readdirSync(abs, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !["e2e", "helpers", "fixtures"].includes(e.name))
    .map((e) => `tests/${e.name}`)
    .filter((d) => !UNIT_ROOTS.includes(d));
}

const started = Date.now();
await single("typecheck", ["bun", "run", "typecheck"]);
await single("lint", ["bun", "run", "lint"]);
// One process per root keeps each step well under the step timeout as the suite grows.
await bunTest("unit tests", ["src", "web/src", "tests/unit"]);
await bunTest("API tests", ["tests/api"]);
await bunTest("channel tests", ["tests/channels", ...extraTestDirs()]);

if (hasTests(E2E_ROOT)) {
  const build = await run(["bun", "run", "build:web"]);
  if (build.code !== 0) record("build:web (for browser tests)", { passed: 0, failed: 1 });
  else {
    // Each browser test file is its own step: a slow or stuck file cannot take the others down with it.
    const files = readdirSync(join(ROOT, E2E_ROOT))
      .filter((f) => TEST_FILE.test(f))
      .sort();
    for (const file of files) await bunTest(`browser: ${file}`, [`${E2E_ROOT}/${file}`], ["--timeout", String(E2E_TIMEOUT_MS)]);
  }
} else {
  console.log(`\n(browser tests: no test files yet in ${E2E_ROOT})`);
  summary.push("--   browser tests: no tests");
}

// Benchmarks on tiny data, so they keep working (figures are printed, never asserted).
await single("benchmarks (bench/run.ts --smoke)", ["bun", "run", "bench/run.ts", "--smoke"]);

// Packaging: the single binary (SPA + migrations embedded) must serve the app from an empty folder.
const binary = join(ROOT, "build/balcao-test");
await single("binary (build:binary --verify)", ["bun", "run", "build:binary", "--verify", "--outfile", binary]);
rmSync(binary, { force: true });

console.log(`\n── summary (${((Date.now() - started) / 1000).toFixed(1)} s) ──`);
for (const line of summary) console.log(line);
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
