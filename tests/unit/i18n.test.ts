import { describe, expect, test } from "bun:test";
import { AUDIT_EVENTS } from "../../src/contract/audit";
import { ERROR_CODES } from "../../src/contract/errors";
import { eventKey } from "../../web/src/features/audit/events";
import { MSG } from "../../src/contract/schemas/common";
import en from "../../web/src/i18n/en.json";
import es from "../../web/src/i18n/es.json";
import ptBR from "../../web/src/i18n/pt-BR.json";

type Tree = { [key: string]: string | Tree };
const DICTS: Record<string, Tree> = { "pt-BR": ptBR, en, es };

/** Flattens a nested dictionary to dotted keys → strings. */
function flatten(tree: Tree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === "string") out.set(key, v);
    else for (const [kk, vv] of flatten(v, key)) out.set(kk, vv);
  }
  return out;
}

const params = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const flat = Object.fromEntries(Object.entries(DICTS).map(([lang, d]) => [lang, flatten(d)]));
const source = flat["pt-BR"];

describe("i18n dictionaries", () => {
  for (const lang of ["en", "es"]) {
    test(`${lang} has exactly the keys of pt-BR`, () => {
      expect([...flat[lang].keys()].sort()).toEqual([...source.keys()].sort());
    });
    test(`${lang} uses the same {{params}} as pt-BR for every key`, () => {
      const mismatched = [...source].filter(([k, v]) => JSON.stringify(params(v)) !== JSON.stringify(params(flat[lang].get(k) ?? "")));
      expect(mismatched.map(([k]) => k)).toEqual([]);
    });
  }

  test("no value is empty", () => {
    for (const [lang, map] of Object.entries(flat)) {
      const empty = [...map].filter(([, v]) => !v.trim()).map(([k]) => `${lang}:${k}`);
      expect(empty).toEqual([]);
    }
  });

  test("every error code has errors.<code> in all three languages", () => {
    for (const [lang, map] of Object.entries(flat)) {
      const missing = ERROR_CODES.filter((c) => !map.has(`errors.${c}`)).map((c) => `${lang}:${c}`);
      expect(missing).toEqual([]);
    }
  });

  test("every validation message key of the contract is translated", () => {
    for (const [lang, map] of Object.entries(flat)) {
      const missing = Object.values(MSG)
        .filter((k) => !map.has(k))
        .map((k) => `${lang}:${k}`);
      expect(missing).toEqual([]);
    }
  });

  test("every audit event of the catalogue has its label in all three languages", () => {
    for (const [lang, map] of Object.entries(flat)) {
      const missing = AUDIT_EVENTS.filter((e) => !map.has(eventKey(e))).map((e) => `${lang}:${e}`);
      expect(missing).toEqual([]);
    }
  });
});
