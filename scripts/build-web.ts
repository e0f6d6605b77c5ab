/**
 * Builds the SPA: `web/index.html` → `web/dist` with hashed, immutable asset names
 * (`assets/[name]-[hash].[ext]`, see src/http/spa.ts), Tailwind v4, minified, code-split by lazy
 * routes, text files precompressed (`.br`, `.gz`), plus the installable app (scripts/build-pwa.ts:
 * icons, manifest, service worker). Prints the gzip size of the first-load JS against the 150 KB budget.
 */
import { renameSync, rmSync } from "node:fs";
import { basename, join } from "node:path";
import { brotliCompressSync, constants } from "node:zlib";
import tailwind from "bun-plugin-tailwind";
import { buildPwa } from "./build-pwa";

const ROOT = join(import.meta.dir, "..");
const DIST = join(ROOT, "web/dist");
// Built beside the live folder and swapped in at the end, so a running server never sees a half-built dist.
const OUT = `${DIST}.tmp-${process.pid}`;
const BUDGET_KB = 150;

rmSync(OUT, { recursive: true, force: true });
const started = performance.now();
const result = await Bun.build({
  entrypoints: [join(ROOT, "web/index.html")],
  outdir: OUT,
  plugins: [tailwind],
  minify: true,
  splitting: true,
  target: "browser",
  sourcemap: "none",
  publicPath: "/",
  define: { "process.env.NODE_ENV": '"production"' },
  naming: { entry: "[name].[ext]", chunk: "assets/[name]-[hash].[ext]", asset: "assets/[name]-[hash].[ext]" },
});
if (!result.success) {
  for (const l of result.logs) console.error(l);
  rmSync(OUT, { recursive: true, force: true });
  process.exit(1);
}

const html = await Bun.file(join(OUT, "index.html")).text();
const entryScripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]);
const gz = async (rel: string) => Bun.gzipSync(new Uint8Array(await Bun.file(join(OUT, rel)).arrayBuffer())).length;

/** A set of files plus every chunk they import statically (transitively). */
async function closure(start: string[]): Promise<Set<string>> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length) {
    const rel = queue.shift()!;
    if (seen.has(rel)) continue;
    seen.add(rel);
    const code = await Bun.file(join(OUT, rel)).text();
    for (const m of code.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[^"'()]*?from\s*)?["']([^"']+\.js)["']/g)) {
      const dep = m[1].startsWith("/") ? m[1].slice(1) : join(rel, "..", m[1]);
      if (!seen.has(dep)) queue.push(dep);
    }
  }
  return seen;
}
const sizeOf = async (files: Set<string>) => {
  let n = 0;
  for (const rel of files) n += await gz(rel);
  return n;
};

// First load = the entry scripts plus every chunk they import statically.
const entries = entryScripts.map((s) => s.replace(/^\//, ""));
const seen = await closure(entries);
const firstLoad = await sizeOf(seen);
// Each lazy page on top of the entry (the signed-in pages also pull the shell, PrivateArea).
const rel = (p: string) => p.slice(OUT.length + 1);
const shell = result.outputs.map((o) => rel(o.path)).find((p) => basename(p).startsWith("PrivateArea-"));
const pages: string[] = [];
for (const o of result.outputs) {
  const name = basename(o.path);
  if (!/Page-[a-z0-9]+\.js$/.test(name)) continue;
  const withShell = !/^(Login|Signup|Term|Privacy)Page-/.test(name) && shell;
  const files = await closure([...entries, rel(o.path), ...(withShell ? [shell] : [])]);
  pages.push(`${name.replace(/-[a-z0-9]+\.js$/, "")} ${((await sizeOf(files)) / 1024).toFixed(1)} KB`);
}
let total = 0;
for (const o of result.outputs) if (o.path.endsWith(".js")) total += await gz(rel(o.path));
const css = result.outputs.filter((o) => o.path.endsWith(".css"));
let cssGz = 0;
for (const o of css) cssGz += await gz(rel(o.path));

// The installable app: icons, manifest, head tags, and the service worker precaching this build.
const pwa = await buildPwa(OUT);

// Precompressed copies (brotli and gzip at their best levels) beside each text file, so the server
// answers them without compressing per request (src/http/spa.ts picks one by Accept-Encoding).
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map|webmanifest)$/;
for (const path of new Bun.Glob("**/*").scanSync({ cwd: OUT, onlyFiles: true })) {
  if (!COMPRESSIBLE.test(path)) continue;
  const bytes = new Uint8Array(await Bun.file(join(OUT, path)).arrayBuffer());
  if (bytes.length < 1024) continue;
  await Bun.write(
    join(OUT, `${path}.br`),
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
  );
  await Bun.write(join(OUT, `${path}.gz`), Bun.gzipSync(bytes, { level: 9 }));
}

rmSync(DIST, { recursive: true, force: true });
renameSync(OUT, DIST);

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
console.log(`web/dist built in ${Math.round(performance.now() - started)} ms, ${result.outputs.length} files`);
console.log(`first-load JS: ${kb(firstLoad)} gzip (${seen.size} files: ${[...seen].map((s) => basename(s)).join(", ")})`);
console.log(`route loads (gzip, entry included): ${pages.join(", ")}`);
console.log(`all JS: ${kb(total)} gzip; CSS: ${kb(cssGz)} gzip`);
console.log(`service worker ${pwa.version}: ${pwa.precached} files precached`);
if (firstLoad > BUDGET_KB * 1024) {
  console.error(`first-load JS over budget (${BUDGET_KB} KB gzip)`);
  process.exit(1);
}
