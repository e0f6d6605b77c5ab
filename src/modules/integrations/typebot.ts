import type { Outbound } from "../../lib/net/guard";
import { postJson } from "./http";

/** One thing a Typebot flow says (text already in WhatsApp markup, or a media URL). */
export type TypebotOut = { kind: "text"; text: string } | { kind: "image" | "audio" | "video"; url: string };

export interface TypebotTurn {
  sessionId: string | null;
  out: TypebotOut[];
}

const INVALID = "Invalid message. Please, try again.";

interface RichNode {
  type?: string;
  text?: string;
  bold?: boolean;
  italic?: boolean;
  underline?: boolean;
  url?: string;
  children?: RichNode[];
}

/** Typebot rich text → WhatsApp markup: bold *x*, italic _x_, underline ~x~, links [text](url) (R-INT-6). */
export function flattenRichText(nodes: RichNode[] | undefined): string {
  const leaf = (n: RichNode): string => {
    if (n.type === "a") return `[${(n.children ?? []).map(leaf).join("")}](${n.url ?? ""})`;
    if (n.children) return n.children.map(leaf).join("");
    let t = n.text ?? "";
    if (!t.trim()) return t;
    if (n.bold) t = `*${t}*`;
    if (n.italic) t = `_${t}_`;
    if (n.underline) t = `~${t}~`;
    return t;
  };
  return (nodes ?? []).map(leaf).join("\n");
}

interface TypebotAnswer {
  sessionId?: string;
  messages?: { type?: string; content?: { richText?: RichNode[]; url?: string; markdown?: string } }[];
  input?: { type?: string; items?: { content?: string }[] };
}

/** Reads a startChat/continueChat answer: texts, media, and the choices of a choice input ("▶️ " lines). */
export function readTurn(answer: unknown, unknownText: string): TypebotOut[] {
  const a = (answer ?? {}) as TypebotAnswer;
  const out: TypebotOut[] = [];
  for (const m of a.messages ?? []) {
    if (m.type === "text") {
      const text = m.content?.richText ? flattenRichText(m.content.richText) : (m.content?.markdown ?? "");
      if (text.trim()) out.push({ kind: "text", text: text === INVALID && unknownText ? unknownText : text });
    } else if ((m.type === "image" || m.type === "audio" || m.type === "video") && m.content?.url) {
      out.push({ kind: m.type, url: m.content.url });
    }
  }
  const items = a.input?.type === "choice input" || a.input?.items ? (a.input?.items ?? []) : [];
  const choices = items.map((i) => i.content ?? "").filter(Boolean);
  if (choices.length) out.push({ kind: "text", text: choices.map((c) => `▶️ ${c}`).join("\n") });
  return out;
}

const base = (url: string) => url.replace(/\/+$/, "");

/** POST <url>/api/v1/typebots/<slug>/startChat with the customer's number and name as prefilled variables. */
export async function startTypebot(
  net: Outbound,
  url: string,
  slug: string,
  vars: { number: string; pushName: string },
  unknownText: string,
): Promise<TypebotTurn> {
  const answer = (await postJson(net, `${base(url)}/api/v1/typebots/${encodeURIComponent(slug)}/startChat`, {
    prefilledVariables: vars,
  })) as TypebotAnswer | null;
  return { sessionId: answer?.sessionId ?? null, out: readTurn(answer, unknownText) };
}

/** POST <url>/api/v1/sessions/<id>/continueChat with the customer's text. */
export async function continueTypebot(net: Outbound, url: string, sessionId: string, message: string, unknownText: string): Promise<TypebotTurn> {
  const answer = await postJson(net, `${base(url)}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`, { message });
  return { sessionId, out: readTurn(answer, unknownText) };
}

/** A Typebot text starting with "#" is a command for us: {"stopBot":true} or {"queueId":n,"userId"?:m}. */
export function typebotCommand(text: string): { stopBot?: boolean; queueId?: number; userId?: number } | null {
  if (!text.startsWith("#")) return null;
  try {
    const cmd = JSON.parse(text.slice(1)) as Record<string, unknown>;
    return {
      stopBot: cmd.stopBot === true,
      queueId: Number.isInteger(Number(cmd.queueId)) && cmd.queueId !== undefined ? Number(cmd.queueId) : undefined,
      userId: Number.isInteger(Number(cmd.userId)) && cmd.userId !== undefined ? Number(cmd.userId) : undefined,
    };
  } catch {
    return null;
  }
}
