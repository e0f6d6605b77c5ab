import { describe, expect, test } from "bun:test";
import type { CampaignRow } from "./schema";
import { fillVariables, isConfirmation, isOptOut, textsFor } from "./texts";

const person = { name: "Ana Souza", number: "5511988880001", email: "ana@x.com" };

describe("campaign texts", () => {
  test("list fields and variables are filled; {{template}} fields are left for send time", () => {
    const out = fillVariables("Oi {nome} ({numero}, {email}) — {Loja}: use {cupom}. {{firstName}} {desconhecida}", person, [
      { key: "loja", value: "Loja Centro" },
      { key: "cupom", value: "PROMO10" },
    ]);
    expect(out).toBe("Oi Ana Souza (5511988880001, ana@x.com) — Loja Centro: use PROMO10. {{firstName}} {desconhecida}");
  });

  test("variants rotate over the filled messages; the confirmation text is one of the filled ones", () => {
    const c = {
      message1: "A {nome}",
      message2: "",
      message3: "C",
      message4: "",
      message5: "E",
      confirmationMessage1: "",
      confirmationMessage2: "Confirma?",
    } as CampaignRow;
    const texts = [0, 1, 2, 3].map((i) => textsFor({ ...c, confirmationMessage3: "", confirmationMessage4: "", confirmationMessage5: "" }, i, person, []));
    expect(texts.map((x) => x.message)).toEqual(["A Ana Souza", "C", "E", "A Ana Souza"]);
    expect(texts.every((x) => x.confirmationMessage === "Confirma?")).toBe(true);
  });

  test("confirmation replies", () => {
    for (const yes of ["Sim", "sim!", "SIM, quero", "ok", "1", "Sí", "yes please", "Confirmo"]) expect(isConfirmation(yes)).toBe(true);
    for (const no of ["não", "nao quero", "pare", "", "quanto custa o produto de vocês?", "2"]) expect(isConfirmation(no)).toBe(false);
  });
});

describe("opt-out words", () => {
  const words = ["SAIR", "PARAR", "STOP", "Não quero", "BAJA"];
  test("the whole trimmed message, any case, accents and punctuation ignored", () => {
    for (const said of ["sair", "  SAIR  ", "Sair!", "parar.", "stop", "nao quero", "NÃO QUERO!!", "bajá"]) expect(isOptOut(said, words)).toBe(true);
  });
  test("a word inside a longer message, or another word, is not an opt-out", () => {
    for (const said of ["quero sair", "sair agora", "stopped", "", "   ", "não", "sim"]) expect(isOptOut(said, words)).toBe(false);
  });
});
