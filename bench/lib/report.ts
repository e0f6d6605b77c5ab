/**
 * How a benchmark prints a figure: one human line (value, target, ratio, ok/MISS) and one
 * machine line (`@figure {json}`) that `bun run bench` (bench/run.ts) collects into RESULTS.md.
 */
export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The target; `lower` means the value must stay below it, `higher` above it. */
  target?: number;
  better?: "lower" | "higher";
  note?: string;
}

/** Whether the figure meets its target (true when it has none). */
export const meets = (f: Figure) => f.target === undefined || (f.better === "higher" ? f.value >= f.target : f.value < f.target);

/** Ratio against the target, > 1 meaning better than the target. */
export const ratio = (f: Figure) => (f.target === undefined ? undefined : f.better === "higher" ? f.value / f.target : f.target / Math.max(f.value, 1e-9));

const fmt = (n: number) => (n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2));

/** Prints a figure (and its machine line). */
export function figure(f: Figure) {
  const r = ratio(f);
  const target =
    f.target === undefined
      ? ""
      : `  target ${f.better === "higher" ? "≥" : "<"} ${fmt(f.target)} ${f.unit}  ratio ${r!.toFixed(2)} ${meets(f) ? "ok" : "MISS"}`;
  console.log(`${f.name.padEnd(58)} ${fmt(f.value).padStart(9)} ${f.unit}${target}${f.note ? `  (${f.note})` : ""}`);
  console.log(`@figure ${JSON.stringify(f)}`);
}

/** p-th percentile of sorted samples. */
export const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/** `--smoke` on the command line: tiny data, a few seconds, figures not meaningful (CI keeps benches working). */
export const SMOKE_MODE = process.argv.includes("--smoke");
