/**
 * The layers of src/ (docs/ARCHITECTURE.md, "Layers"): every import points downwards, no file reaches
 * another module's insides, and no import loop exists, type-only imports included. The checker reads
 * every import of every file (static, `import type`, `export … from`, dynamic `import()`), builds the
 * graph, finds its loops (Tarjan's strongly connected components) and checks each edge against the
 * rank table below. It first proves on small fixtures that it sees what it must refuse.
 */
import { describe, expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = join(import.meta.dir, "../..");

/** Every module specifier a TypeScript source imports: static, type-only, re-exports, dynamic and `typeof import()`. */
export function importsOf(code: string): string[] {
  const src = code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
  const out: string[] = [];
  const statics = /^\s*(?:import|export)\b[^;"'`]*?\bfrom\s*["']([^"']+)["']/gm;
  const bare = /^\s*import\s*["']([^"']+)["']/gm;
  const dynamic = /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g;
  for (const re of [statics, bare, dynamic]) for (const m of src.matchAll(re)) out.push(m[1]);
  return out;
}

/** A layer of src/ and what it may import (besides itself). */
interface Layer {
  name: string;
  rank: number;
  may: string[];
}

/** The rank table. A file's layer is found by `layerOf`; the composition root may import anything. */
export const LAYERS: Record<string, Layer> = {
  contract: { name: "contract", rank: 0, may: [] },
  lib: { name: "lib", rank: 0, may: ["contract"] },
  core: { name: "core", rank: 1, may: ["contract", "lib"] },
  db: { name: "db", rank: 2, may: ["contract", "lib", "core"] },
  cluster: { name: "cluster", rank: 2, may: ["contract", "lib", "core"] },
  modules: { name: "modules", rank: 3, may: ["contract", "lib", "core", "db"] },
  inbound: { name: "inbound", rank: 4, may: ["contract", "lib", "core", "db", "cluster", "modules"] },
  channels: { name: "channels", rank: 5, may: ["contract", "lib", "core", "db"] },
  realtime: { name: "realtime", rank: 5, may: ["contract", "lib", "core", "db", "cluster", "modules"] },
  ops: { name: "ops", rank: 5, may: ["contract", "lib", "core", "db", "cluster", "modules", "inbound"] },
  jobs: { name: "jobs", rank: 5, may: ["contract", "lib", "core", "db", "cluster", "modules", "inbound", "ops"] },
  http: { name: "http", rank: 6, may: ["contract", "lib", "core", "db", "cluster", "modules", "inbound", "realtime", "ops", "jobs"] },
  root: { name: "root", rank: 9, may: ["*"] },
};

/** The layer of a file under src/ (path relative to the repository). */
export function layerOf(path: string): Layer {
  if (path === "src/config.ts") return LAYERS.lib;
  const top = path.split("/")[1];
  if (top in LAYERS && top !== "root") return LAYERS[top];
  return LAYERS.root;
}

/** `src/modules/<area>/…` → area (else undefined). Channel kinds count as areas of their own. */
const areaOf = (path: string) => /^src\/(modules|channels)\/([^/]+)\//.exec(path)?.slice(1, 3).join("/");
const isSchema = (path: string) => /\/schema\.ts$/.test(path);

/** What is wrong with one import edge (undefined when it is allowed). */
export function forbidden(from: string, to: string): string | undefined {
  const a = layerOf(from);
  const b = layerOf(to);
  // Foreign keys: a table's schema references the tables it points at, whoever owns them.
  if (isSchema(from) && isSchema(to)) return undefined;
  if (a.name === "root") return undefined;
  if (a !== b && !a.may.includes(b.name)) return `${a.name} may not import ${b.name}`;
  const fromArea = areaOf(from);
  const toArea = areaOf(to);
  if (toArea?.startsWith("modules/") && fromArea !== toArea && !to.endsWith("/index.ts")) return "another module is used only through its index.ts";
  if (toArea?.startsWith("channels/") && fromArea !== toArea) return "a channel is used only by itself";
  return undefined;
}

/** The import graph of a set of files (path → code); edges to files outside the set are dropped. */
export function graphOf(files: Map<string, string>): Map<string, string[]> {
  const resolveSpec = (from: string, spec: string) => {
    if (!spec.startsWith(".")) return undefined;
    const base = relative(ROOT, resolve(ROOT, dirname(from), spec));
    return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`].find((p) => files.has(p));
  };
  const graph = new Map<string, string[]>();
  for (const [path, code] of files) {
    graph.set(
      path,
      [...new Set(importsOf(code).map((s) => resolveSpec(path, s)))].filter((p): p is string => !!p),
    );
  }
  return graph;
}

/** Strongly connected components with more than one file (or a file importing itself): the import loops. */
export function loopsOf(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      scc.push(w);
    } while (w !== v);
    if (scc.length > 1 || graph.get(v)?.includes(v)) loops.push(scc.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return loops;
}

/** Every forbidden edge of a graph, as "from → to: why". */
export function forbiddenEdges(graph: Map<string, string[]>): string[] {
  const out: string[] = [];
  for (const [from, tos] of graph) {
    for (const to of tos) {
      const why = forbidden(from, to);
      if (why) out.push(`${from} → ${to}: ${why}`);
    }
  }
  return out.sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const read = (dir: string) => new Map(sourceFiles(join(ROOT, dir)).map((f) => [relative(ROOT, f), readFileSync(f, "utf8")]));

describe("the checker", () => {
  const fixture = new Map([
    ["src/core/deps.ts", 'import type { Hub } from "../realtime/hub";\nexport interface Deps { hub: Hub }'],
    ["src/realtime/hub.ts", 'import type { Deps } from "../core/deps";\nexport class Hub {}'],
    ["src/modules/a/index.ts", 'export { x } from "./service";'],
    ["src/modules/a/service.ts", 'import { y } from "../b/queries";\nexport const x = 1;'],
    ["src/modules/b/queries.ts", "export const y = () => import('../a');"],
    ["src/modules/b/schema.ts", 'import { t } from "../a/schema";'],
    ["src/modules/a/schema.ts", "export const t = 1;"],
    ["src/channels/x/adapter.ts", 'import { x } from "../../modules/a";'],
  ]);
  const graph = graphOf(fixture);

  test("reads static, type-only, re-exported and dynamic imports (and not comments)", () => {
    expect(
      importsOf('import a from "./a";\nimport type {\n  B,\n} from "./b";\nexport * from "./c";\nconst d = await import("./d");\n// import "./e";'),
    ).toEqual(["./a", "./b", "./c", "./d"]);
  });

  test("finds a loop made of type-only imports, and one through a dynamic import", () => {
    expect(loopsOf(graph).sort()).toEqual([
      ["src/core/deps.ts", "src/realtime/hub.ts"],
      ["src/modules/a/index.ts", "src/modules/a/service.ts", "src/modules/b/queries.ts"],
    ]);
  });

  test("refuses an upward edge, another module's insides and a channel reaching a module", () => {
    expect(forbiddenEdges(graph)).toEqual([
      "src/channels/x/adapter.ts → src/modules/a/index.ts: channels may not import modules",
      "src/core/deps.ts → src/realtime/hub.ts: core may not import realtime",
      "src/modules/a/service.ts → src/modules/b/queries.ts: another module is used only through its index.ts",
    ]);
  });
});

describe("src/", () => {
  const graph = graphOf(read("src"));

  test("has no import loop (type-only imports included)", () => {
    expect(loopsOf(graph)).toEqual([]);
  });

  test("has no forbidden edge", () => {
    expect(forbiddenEdges(graph)).toEqual([]);
  });

  test("every module has an index.ts (its public API)", () => {
    const modules = readdirSync(join(ROOT, "src/modules"));
    expect(modules.filter((m) => !existsSync(join(ROOT, "src/modules", m, "index.ts")))).toEqual([]);
  });
});

describe("web/src", () => {
  test("imports from the server only src/contract", () => {
    const out: string[] = [];
    for (const [path, code] of read("web/src")) {
      for (const spec of importsOf(code)) {
        if (!spec.startsWith(".")) continue;
        const target = relative(ROOT, resolve(ROOT, dirname(path), spec));
        if (target.startsWith("src/") && !target.startsWith("src/contract/")) out.push(`${path} → ${target}`);
      }
    }
    expect(out).toEqual([]);
  });
});

test("the source folders exist (the checker reads something)", () => {
  expect(statSync(join(ROOT, "src/core")).isDirectory()).toBe(true);
  expect(read("src").size).toBeGreaterThan(300);
});
