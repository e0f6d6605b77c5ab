/**
 * Comments, test names and the repository's documents cite the rules of docs/rules/ by id (R-AREA-n,
 * Dn). This test fails when one cites an id no rules page defines, when a rules page defines an id
 * twice, and when anything cites the outside documents the rules were written from (they are not in
 * the repository, so a newcomer could not follow the citation).
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

const ROOT = join(import.meta.dir, "../..");
const RULES = join(ROOT, "docs/rules");
const SELF = relative(ROOT, import.meta.path);

/** A rule is a list item starting with its bold id: `- **R-TKT-3** …` or `- **D9** …`. */
const DEFINITION = /^- \*\*(R-[A-Z]+-\d+|D\d+)\*\*/gm;
const RULE_ID = /\bR-[A-Z]+-\d+\b/g;
const DECISION_ID = /\bD\d{1,2}\b/g;
/** Citations of the outside documents (and the old "decision N" form of the decisions). */
const OUTSIDE = [/\bBEHAVIOUR\b/, /\bcore\.md\b/, /\bfeatures\.md\b/, /\bspec\/(core|features)\b/];
const OLD_DECISION = /\bdecision \d{1,2}\b/i;

/** The ids the rules pages define, with the page of each (duplicates listed apart). */
export function definedIds(pages: { name: string; text: string }[]) {
  const ids = new Map<string, string>();
  const duplicates: string[] = [];
  for (const p of pages) {
    for (const m of p.text.matchAll(DEFINITION)) {
      if (ids.has(m[1])) duplicates.push(`${m[1]} (${ids.get(m[1])} and ${p.name})`);
      else ids.set(m[1], p.name);
    }
  }
  return { ids, duplicates };
}

/** Skips a '…' or "…" string from its opening quote; strings end at the line's end at the latest. */
function skipQuoted(code: string, i: number, quote: string): number {
  let j = i + 1;
  while (j < code.length && code[j] !== quote && code[j] !== "\n") j += code[j] === "\\" ? 2 : 1;
  return j + 1;
}

/** Skips a regular-expression literal from its opening slash (character classes may hold a slash). */
function skipRegex(code: string, i: number): number {
  let j = i + 1;
  let inClass = false;
  while (j < code.length && code[j] !== "\n") {
    const c = code[j];
    if (c === "\\") j++;
    else if (c === "[") inClass = true;
    else if (c === "]") inClass = false;
    else if (c === "/" && !inClass) return j + 1;
    j++;
  }
  return j;
}

/** After these, a slash starts a regular expression rather than a division. */
const BEFORE_REGEX = new Set(["", "(", ",", "=", ":", "[", "!", "&", "|", "?", "{", "}", ";", "+", "-", "*", "%", "<", ">", "~", "^"]);

/**
 * The text of every comment of a TypeScript (or TSX) file: `//` and `/* … *\/`, outside strings,
 * template literals (with their `${…}` parts) and regular expressions.
 */
export function commentsOf(code: string): string[] {
  const out: string[] = [];
  /** Open template literals: the brace depth at which each `${` began. */
  const templates: number[] = [];
  let inTemplate = false;
  let depth = 0;
  let prev = "";
  let i = 0;
  while (i < code.length) {
    const c = code[i];
    if (inTemplate) {
      if (c === "\\") i += 2;
      else if (c === "`") {
        inTemplate = false;
        prev = "`";
        i++;
      } else if (c === "$" && code[i + 1] === "{") {
        templates.push(depth);
        depth++;
        inTemplate = false;
        prev = "{";
        i += 2;
      } else i++;
      continue;
    }
    const d = code[i + 1];
    if (c === "/" && d === "/") {
      const end = code.indexOf("\n", i);
      const e = end < 0 ? code.length : end;
      out.push(code.slice(i + 2, e));
      i = e;
    } else if (c === "/" && d === "*") {
      const end = code.indexOf("*/", i + 2);
      const e = end < 0 ? code.length : end;
      out.push(code.slice(i + 2, e));
      i = e + 2;
    } else if (c === '"' || c === "'") {
      i = skipQuoted(code, i, c);
      prev = c;
    } else if (c === "`") {
      inTemplate = true;
      i++;
    } else if (c === "/") {
      if (BEFORE_REGEX.has(prev) || /\b(return|typeof|case|in|of|void|yield|await)$/.test(code.slice(Math.max(0, i - 8), i).trimEnd())) {
        i = skipRegex(code, i);
        prev = "/";
      } else {
        prev = "/";
        i++;
      }
    } else {
      if (c === "{") depth++;
      else if (c === "}") {
        depth--;
        if (templates.length && templates[templates.length - 1] === depth) {
          templates.pop();
          inTemplate = true;
          i++;
          continue;
        }
      }
      if (!/\s/.test(c)) prev = /[\w$]/.test(c) ? "a" : c;
      i++;
    }
  }
  return out;
}

/** Titles of tests and suites: `test("…"`, `describe("…"`, `it("…"`. */
const titlesOf = (code: string) => [...code.matchAll(/\b(?:test|describe|it)(?:\.\w+)?\(\s*(["'`])((?:\\.|(?!\1).)*)\1/g)].map((m) => m[2]);

export interface Citations {
  ids: string[];
  outside: string[];
}

/** What a file cites: rule ids (decisions only in comments and test titles) and outside documents. */
export function citationsOf(path: string, text: string): Citations {
  const markdown = path.endsWith(".md");
  const prose = markdown ? [text] : [...commentsOf(text), ...titlesOf(text)];
  const ids = [...(text.match(RULE_ID) ?? []), ...prose.flatMap((p) => p.match(DECISION_ID) ?? [])];
  const outside = OUTSIDE.filter((re) => re.test(text)).map(String);
  if (prose.some((p) => OLD_DECISION.test(p))) outside.push("decision N (cite Dn)");
  return { ids: [...new Set(ids)], outside };
}

function filesUnder(dir: string, ext: RegExp): string[] {
  let entries: import("node:fs").Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  return entries.flatMap((e) => {
    if (e.name === "node_modules" || e.name.startsWith(".")) return [];
    const p = join(dir, e.name);
    if (e.isDirectory()) return filesUnder(p, ext);
    return ext.test(e.name) ? [p] : [];
  });
}

const rulePages = readdirSync(RULES)
  .filter((n) => n.endsWith(".md"))
  .map((name) => ({ name, text: readFileSync(join(RULES, name), "utf8") }));

describe("citations of the rules (docs/rules)", () => {
  test("the scanners see what they must and nothing else", () => {
    const code = [
      'const url = "https://x.test/a//b"; // One active ticket (R-TKT-2, D6).',
      // a template literal with a comment inside its placeholder ("$" + "{" keeps this a plain string)
      "const re = /\\/\\/ not a comment D1/g; const t = `D2 $" + "{a /* D3 */ + 1} D4`;",
      "/**",
      // the outside names are cut in two so that a plain grep of the repository finds none
      ` * Rating (decision 9, ${"BEHAVIOUR"}.md §3.10).`,
      " */",
      'test("location body per R-MSG-11 (D13)", () => {});',
      'const s = "D5 and decision 4";',
    ].join("\n");
    const c = citationsOf("src/x.ts", code);
    expect(c.ids.sort()).toEqual(["D13", "D3", "D6", "R-MSG-11", "R-TKT-2"]);
    expect(c.outside).toEqual([String(OUTSIDE[0]), "decision N (cite Dn)"]);
    expect(citationsOf("docs/x.md", `See ${"core"}.md §4.1 and spec/${"features"}.md, R-TKT-1 and D2.`).outside).toHaveLength(3);
    expect(citationsOf("docs/x.md", "See R-TKT-1 and D2.").ids).toEqual(["R-TKT-1", "D2"]);
    const defs = definedIds([
      { name: "a.md", text: "- **R-A-1** one\n- **D1** two\nnot a rule: **R-A-2**" },
      { name: "b.md", text: "- **R-A-1** again" },
    ]);
    expect([...defs.ids.keys()]).toEqual(["R-A-1", "D1"]);
    expect(defs.duplicates).toEqual(["R-A-1 (a.md and b.md)"]);
  });

  test("every rule id is defined once, and every rules page is in the index", () => {
    const { ids, duplicates } = definedIds(rulePages);
    expect(duplicates).toEqual([]);
    expect(ids.size).toBeGreaterThan(100);
    for (let n = 1; n <= 18; n++) expect(ids.get(`D${n}`)).toBe("decisions.md");
    const index = rulePages.find((p) => p.name === "README.md")?.text ?? "";
    const missing = rulePages.filter((p) => p.name !== "README.md" && !index.includes(`](${p.name})`)).map((p) => p.name);
    expect(missing).toEqual([]);
  });

  test("comments, test names and documents cite only rules that exist, never the outside documents", () => {
    const { ids } = definedIds(rulePages);
    const files = [
      ...["src", "web/src", "tests", "scripts", "bench"].flatMap((d) => filesUnder(join(ROOT, d), /\.(ts|tsx)$/)),
      ...filesUnder(join(ROOT, "docs"), /\.md$/),
      ...readdirSync(ROOT)
        .filter((n) => n.endsWith(".md"))
        .map((n) => join(ROOT, n)),
    ];
    expect(files.length).toBeGreaterThan(100);
    const unknown: string[] = [];
    const outside: string[] = [];
    let cited = 0;
    for (const full of files) {
      const path = relative(ROOT, full);
      if (path === SELF) continue;
      const c = citationsOf(path, readFileSync(full, "utf8"));
      cited += c.ids.length;
      for (const id of c.ids) if (!ids.has(id)) unknown.push(`${path}: ${id}`);
      for (const o of c.outside) outside.push(`${path}: ${o}`);
    }
    expect({ unknown, outside }).toEqual({ unknown: [], outside: [] });
    expect(cited).toBeGreaterThan(200);
  });
});
