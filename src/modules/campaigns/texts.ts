import { CAMPAIGN_CONFIRM_WORDS } from "../../contract/limits";
import type { CampaignRow } from "./schema";

/** The filled message texts of a campaign, in order (message1..5). */
export const messagesOf = (c: CampaignRow) => [c.message1, c.message2, c.message3, c.message4, c.message5].filter((m) => m.trim());

/** The filled confirmation texts (confirmationMessage1..5). */
export const confirmationsOf = (c: CampaignRow) =>
  [c.confirmationMessage1, c.confirmationMessage2, c.confirmationMessage3, c.confirmationMessage4, c.confirmationMessage5].filter((m) => m.trim());

export interface Person {
  name: string;
  number: string;
  email: string;
}

/**
 * Fills `{nome}`, `{email}`, `{numero}` from the list item and each campaign variable `{key}`
 * (R-CMP-6). Template fields such as `{{name}}` are left for send time.
 */
export function fillVariables(text: string, person: Person, variables: { key: string; value: string }[]): string {
  const values = new Map<string, string>([
    ["nome", person.name],
    ["name", person.name],
    ["email", person.email],
    ["numero", person.number],
    ["number", person.number],
  ]);
  for (const v of variables) values.set(v.key.toLowerCase(), v.value);
  // a single `{key}` that is not part of a `{{key}}`
  return text.replace(/(?<!\{)\{([\p{L}\p{N}_-]+)\}(?!\})/gu, (m, key: string) => values.get(key.toLowerCase()) ?? m);
}

/** The texts of shipment `index`: the variants in rotation and a random confirmation text. */
export function textsFor(c: CampaignRow, index: number, person: Person, variables: { key: string; value: string }[], random = Math.random) {
  const variants = messagesOf(c);
  const confirmations = confirmationsOf(c);
  const message = variants.length ? fillVariables(variants[index % variants.length], person, variables) : "";
  const confirmationMessage = confirmations.length ? fillVariables(confirmations[Math.floor(random() * confirmations.length)], person, variables) : "";
  return { message, confirmationMessage };
}

const norm = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9 ]/g, " ")
    .trim()
    .replace(/\s+/g, " ");

/**
 * True when the whole message, trimmed, is one of the opt-out words: compared without case, accents,
 * punctuation or extra spaces ("Sair!", "  parar ", "Não quero." match; "quero sair agora" does not).
 */
export function isOptOut(body: string, words: readonly string[]): boolean {
  const said = norm(body);
  if (!said || said.length > 60) return false;
  return words.some((w) => norm(w) === said);
}

/** True when a reply confirms a confirmation request ("sim", "ok", "1"…, alone or first word). */
export function isConfirmation(body: string): boolean {
  const words = norm(body).split(" ");
  if (!words[0] || words.length > 4) return false;
  return (CAMPAIGN_CONFIRM_WORDS as readonly string[]).includes(words[0]);
}
