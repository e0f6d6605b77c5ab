import { describe, expect, test } from "bun:test";
import { greeting, renderTemplate } from "./template";

describe("renderTemplate", () => {
  const at = new Date("2026-03-15T12:05:09Z"); // 09:05:09 in São Paulo (UTC-3)
  test("fills every variable in the company's time zone", () => {
    const out = renderTemplate("{{ms}} {{firstName}} ({{name}}) {{date}} {{hora}} {{hour}} #{{protocol}}", { name: "Ana Maria" }, "America/Sao_Paulo", at);
    expect(out).toBe("Bom dia Ana (Ana Maria) 15/03/2026 9:05:09 9:05:09 #2026031590509");
  });
  test("leaves unknown variables and plain text untouched", () => {
    expect(renderTemplate("Olá {{unknown}}", { name: "X" })).toBe("Olá {{unknown}}");
    expect(renderTemplate("sem variáveis", {})).toBe("sem variáveis");
  });
  test("greeting buckets", () => {
    expect([greeting(3), greeting(6), greeting(12), greeting(18), greeting(23)]).toEqual(["Boa madrugada", "Bom dia", "Boa tarde", "Boa noite", "Boa noite"]);
  });
});
