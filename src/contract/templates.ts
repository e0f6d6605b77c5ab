/**
 * WhatsApp message templates (Cloud API connections): the shapes the server and the SPA share, the
 * variables a template asks for and the text it shows once filled. No Bun or DOM APIs (imported by both).
 */

/** One component of a template as the WhatsApp Business Account answers it. */
export interface TemplateComponent {
  type: "HEADER" | "BODY" | "FOOTER" | "BUTTONS" | (string & {});
  /** Headers: TEXT, IMAGE, VIDEO, DOCUMENT, LOCATION. */
  format?: string;
  text?: string;
  buttons?: { type: string; text?: string; url?: string; phone_number?: string }[];
}

/** An approved template of a connection (GET /whatsapp/{id}/templates). */
export interface MessageTemplateDto {
  id: number;
  name: string;
  language: string;
  category: string;
  status: string;
  components: TemplateComponent[];
  /** The variables to fill, header first, in the order WhatsApp expects them. */
  variables: TemplateVariable[];
  /** False when it needs something Balcão cannot fill (a media header, a button with a variable). */
  supported: boolean;
}

/** One variable of a template: `{{1}}` (positional) or `{{customer_name}}` (named). */
export interface TemplateVariable {
  component: "header" | "body";
  key: string;
}

/** What a message, campaign or schedule sends as a template: its name, language and variable values (in `variables` order). */
export interface TemplateChoice {
  name: string;
  language: string;
  params: string[];
}

/** Bounds of a template choice (WhatsApp's own limits are tighter per component; it answers the rest). */
export const TEMPLATE_LIMITS = { nameMax: 512, languageMax: 15, paramsMax: 20, paramMax: 1024 } as const;

const VARIABLE = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

function keysOf(text: string | undefined): string[] {
  if (!text) return [];
  const keys: string[] = [];
  for (const m of text.matchAll(VARIABLE)) if (!keys.includes(m[1])) keys.push(m[1]);
  // Positional variables go out in their number's order, whatever order the text uses.
  return keys.every((k) => /^\d+$/.test(k)) ? keys.sort((a, b) => Number(a) - Number(b)) : keys;
}

const part = (components: TemplateComponent[], type: string) => components.find((c) => c.type === type);

/** The variables of a template: the text header's, then the body's. */
export function templateVariables(components: TemplateComponent[]): TemplateVariable[] {
  const header = part(components, "HEADER");
  const headerKeys = header && (header.format ?? "TEXT") === "TEXT" ? keysOf(header.text) : [];
  return [
    ...headerKeys.map((key) => ({ component: "header" as const, key })),
    ...keysOf(part(components, "BODY")?.text).map((key) => ({ component: "body" as const, key })),
  ];
}

/** Whether Balcão can send the template: a text (or no) header and no button that needs a value. */
export function templateSupported(components: TemplateComponent[]): boolean {
  const header = part(components, "HEADER");
  if (header && (header.format ?? "TEXT") !== "TEXT") return false;
  for (const c of components) {
    if (!["HEADER", "BODY", "FOOTER", "BUTTONS"].includes(c.type)) return false;
    for (const b of c.buttons ?? []) {
      if (b.type === "OTP" || b.type === "COPY_CODE" || b.type === "FLOW" || b.type === "CATALOG" || b.type === "MPM") return false;
      if ((b.url ?? "").includes("{{")) return false;
    }
  }
  return !!part(components, "BODY");
}

/** The text the customer reads (header, body, footer) with the values in place; unfilled variables stay as typed. */
export function templateText(components: TemplateComponent[], params: readonly string[]): string {
  const vars = templateVariables(components);
  const fill = (component: "header" | "body", text: string | undefined) =>
    (text ?? "").replace(VARIABLE, (m, key: string) => {
      const i = vars.findIndex((v) => v.component === component && v.key === key);
      return i >= 0 && params[i] !== undefined && params[i] !== "" ? params[i] : m;
    });
  const header = part(components, "HEADER");
  const lines = [
    header && (header.format ?? "TEXT") === "TEXT" && header.text ? `*${fill("header", header.text)}*` : "",
    fill("body", part(components, "BODY")?.text),
    part(components, "FOOTER")?.text ? `_${part(components, "FOOTER")?.text}_` : "",
  ];
  return lines.filter(Boolean).join("\n\n");
}

/** WhatsApp's customer-service window (Cloud API): free text may go until this long after the customer's last message. */
export const WINDOW_MS = 24 * 60 * 60_000;

/** Whether a free-form message may go to the customer now (`last`: their last message, epoch ms). */
export const windowOpen = (last: number | null, now: number) => last !== null && now - last < WINDOW_MS;
