/**
 * Every outbound HTTP request goes through the guard (src/lib/net/guard.ts): this test fails when code
 * in src/ calls fetch, or opens node:http(s) / node:net requests, anywhere else. The few exceptions
 * name why they are safe.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dir, "../..");
const EXCEPTIONS: Record<string, string> = {
  "src/lib/net/guard.ts": "the guard itself",
  "src/cli.ts": "`cli health` asks this install's own server on 127.0.0.1, a fixed URL",
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

const stripComments = (code: string) => code.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");

/** The outbound calls a piece of code makes outside the guard. */
export function outboundCalls(code: string): string[] {
  const src = stripComments(code);
  return [...(src.match(/((^|[^.\w])|globalThis\.|Bun\.)fetch\s*\(/g) ?? []), ...(src.match(/from\s+["']node:(https?|net|tls|http2)["']/g) ?? [])];
}

describe("outbound requests", () => {
  test("the scanner sees fetch calls and raw socket imports, not mentions or methods named fetch", () => {
    expect(outboundCalls("await fetch(url, { method: 'POST' })")).toHaveLength(1);
    expect(outboundCalls('import { request } from "node:https";')).toHaveLength(1);
    expect(outboundCalls("const r = await globalThis.fetch(u)")).toHaveLength(1);
    expect(outboundCalls("// fetch(url) in a comment\nserver.fetch(req); deps.outbound.request(u, {}, o);")).toHaveLength(0);
  });
  test("no code in src/ calls out except through the guard", () => {
    const offenders = sourceFiles(join(ROOT, "src"))
      .map((f) => relative(ROOT, f))
      .filter((f) => !EXCEPTIONS[f] && outboundCalls(readFileSync(join(ROOT, f), "utf8")).length);
    expect(offenders).toEqual([]);
  });
});
