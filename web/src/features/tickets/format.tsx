import { createElement, type ReactNode } from "react";

const URL_RE = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi;
const TRAILING = /[.,;:!?)\]}'"]+$/;
// *bold*, _italic_, ~strike~: the marker hugs non-space text and is not inside a word.
const MARK_RE = /(^|[^\p{L}\p{N}])([*_~])(?=\S)([^\n]*?\S)\2(?![\p{L}\p{N}])/u;
const TAGS = { "*": "strong", _: "em", "~": "del" } as const;

function inline(text: string, key: string): ReactNode[] {
  const out: ReactNode[] = [];
  let rest = text;
  let n = 0;
  for (;;) {
    const m = MARK_RE.exec(rest);
    if (!m) break;
    const start = m.index + m[1].length;
    if (start > 0) out.push(rest.slice(0, start));
    const tag = TAGS[m[2] as keyof typeof TAGS];
    out.push(createElement(tag, { key: `${key}-${n++}` }, ...inline(m[3], `${key}-${n}`)));
    rest = rest.slice(m.index + m[0].length);
  }
  if (rest) out.push(rest);
  return out;
}

/** Links and inline marks of a text without monospace blocks. */
function linksAndMarks(body: string, prefix: string, links: boolean): ReactNode[] {
  if (!links) return inline(body, `${prefix}t`);
  const out: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const m of body.matchAll(URL_RE)) {
    const raw = m[0];
    const url = raw.replace(TRAILING, "");
    const at = m.index ?? 0;
    if (at > last) out.push(...inline(body.slice(last, at), `${prefix}t${n}`));
    const href = url.toLowerCase().startsWith("www.") ? `https://${url}` : url;
    out.push(
      createElement(
        "a",
        { key: `${prefix}a${n++}`, href, target: "_blank", rel: "noopener noreferrer", className: "break-all underline underline-offset-2" },
        url,
      ),
    );
    last = at + url.length;
  }
  if (last < body.length) out.push(...inline(body.slice(last), `${prefix}t${n}`));
  return out;
}

const MONO_RE = /```([\s\S]+?)```/g;

/**
 * Turns a WhatsApp-style message body into React nodes: ```monospace```, *bold*, _italic_, ~strike~
 * and links that open in a new tab. Only these elements are ever created; the text itself is always
 * rendered as text, so a body can never inject HTML. `links: false` leaves addresses as text, for a
 * body shown inside something clickable (a kanban card).
 */
export function formatBody(body: string, { links = true }: { links?: boolean } = {}): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const m of body.matchAll(MONO_RE)) {
    const at = m.index ?? 0;
    if (at > last) out.push(...linksAndMarks(body.slice(last, at), `s${n}`, links));
    out.push(createElement("code", { key: `c${n++}`, className: "font-mono text-[0.92em]" }, m[1]));
    last = at + m[0].length;
  }
  if (last < body.length) out.push(...linksAndMarks(body.slice(last), `s${n}`, links));
  return out;
}

/** The text of a body without its ```mono``` / *bold* / _italic_ / ~strike~ markers (one-line previews). */
export function stripMarks(body: string): string {
  let out = "";
  let rest = body.replace(MONO_RE, "$1");
  for (;;) {
    const m = MARK_RE.exec(rest);
    if (!m) break;
    out += rest.slice(0, m.index + m[1].length) + stripMarks(m[3]);
    rest = rest.slice(m.index + m[0].length);
  }
  return out + rest;
}

/**
 * An automatic message's body without its "*Mensagem Automática*:" header: the bubble's label
 * already says it, so the words do not show twice (the customer still gets the header).
 */
export const withoutAutomaticHeader = (body: string) => body.replace(/^\*Mensagem Automática\*:[ \t]*\n*/u, "");

/** WhatsApp's ticks for an ack (Baileys' scale): 1-2 sent (one grey), 3 delivered (two grey), 4-5 read/played (two blue). */
export function ticksOf(ack: number): "queued" | "sent" | "delivered" | "read" {
  if (ack <= 0) return "queued";
  if (ack <= 2) return "sent";
  return ack === 3 ? "delivered" : "read";
}

/** Parts of a location body "image | link | description" (R-MSG-11). */
export function parseLocation(body: string): { image: string; link: string; description: string } {
  const [image = "", link = "", ...desc] = body.split("|").map((p) => p.trim());
  return { image, link, description: desc.join(" | ") };
}

/** Name (FN) and first number (TEL / waid) of a vCard body. */
export function parseVcard(body: string): { name: string; number: string } {
  const name = /^FN[^:]*:(.*)$/m.exec(body)?.[1]?.trim() ?? "";
  const waid = /waid=(\d+)/.exec(body)?.[1];
  const tel = /^(?:item\d+\.)?TEL[^:]*:(.*)$/m.exec(body)?.[1]?.trim();
  return { name, number: waid ?? tel ?? "" };
}

/** Initials for an avatar fallback. */
export const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((p) => p[0]?.toUpperCase())
    .join("") || "?";
