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

describe("plural forms", () => {
  const FORMS = new Set(["zero", "one", "two", "few", "many", "other"]);
  /** Every object of the dictionaries whose keys are all plural forms. */
  function pluralObjects(tree: Tree, prefix = ""): [string, Record<string, string>][] {
    const out: [string, Record<string, string>][] = [];
    for (const [k, v] of Object.entries(tree)) {
      if (typeof v === "string") continue;
      const key = prefix ? `${prefix}.${k}` : k;
      if (Object.keys(v).every((f) => FORMS.has(f))) out.push([key, v as Record<string, string>]);
      else out.push(...pluralObjects(v, key));
    }
    return out;
  }

  test("every plural key has an 'other' form that shows the {{count}}", () => {
    for (const [lang, dict] of Object.entries(DICTS)) {
      for (const [key, forms] of pluralObjects(dict)) {
        expect(`${lang}:${key}:${typeof forms.other}`).toBe(`${lang}:${key}:string`);
        expect(params(forms.other)).toContain("count");
      }
    }
  });

  test("no text spells a plural by hand with (s) or (es)", () => {
    for (const [lang, map] of Object.entries(flat)) {
      const hand = [...map].filter(([, v]) => /\w\((s|es|ies)\)/.test(v.replace("http(s)", ""))).map(([k]) => `${lang}:${k}`);
      expect(hand).toEqual([]);
    }
  });

  test("t() picks the form by the language's plural rules, zero reading as a plural", async () => {
    const { setLanguage, t } = await import("../../web/src/i18n");
    const cases: [string, number, string][] = [
      ["pt-BR", 0, "0 conexões"],
      ["pt-BR", 1, "1 conexão"],
      ["pt-BR", 2, "2 conexões"],
      ["pt-BR", 1_000_000, "1000000 conexões"],
      ["en", 1, "1 connection"],
      ["en", 3, "3 connections"],
      ["es", 1, "1 conexión"],
      ["es", 0, "0 conexiones"],
    ];
    for (const [lang, count, text] of cases) {
      await setLanguage(lang as "pt-BR");
      expect(t("connections.total", { count })).toBe(text);
    }
    await setLanguage("pt-BR");
    expect(
      t("contacts.importResult", {
        created: t("contacts.importCreated", { count: 1 }),
        updated: t("contacts.importUpdated", { count: 2 }),
        rejected: t("contacts.importRejected", { count: 1 }),
      }),
    ).toBe("1 criado, 2 atualizados, 1 rejeitado.");
  });
});
