/**
 * Outgoing → the body of a Graph API `messages` call (pure). Menus become reply buttons (up to 3)
 * or a list (up to 10 rows) when they fit WhatsApp's limits, else the numbered text; templates carry
 * their variables in the component WhatsApp expects them.
 */
import { sendKindOf } from "../../contract/media";
import { type TemplateComponent, templateVariables } from "../../contract/templates";
import type { MenuSpec, Outgoing, OutgoingTemplate } from "../../core/channel";

/** WhatsApp's limits of interactive messages. */
export const INTERACTIVE = { buttons: 3, rows: 10, buttonTitle: 20, rowTitle: 24, rowDescription: 72, body: 1024, listBody: 4096, id: 200 } as const;
/** The list's opening button (the bot's texts are Portuguese, like its numbered menus). */
export const LIST_BUTTON = "Ver opções";

const cut = (s: string, max: number) => (s.length <= max ? s : `${s.slice(0, max - 1).trimEnd()}…`);

/** The interactive part of a menu, or null when it must go as numbered text. */
export function interactiveOf(menu: MenuSpec): Record<string, unknown> | null {
  const items = menu.items.filter((i) => i.id && i.title.trim());
  const text = menu.text.trim();
  if (!items.length || items.length > INTERACTIVE.rows || !text) return null;
  if (new Set(items.map((i) => i.id)).size !== items.length || items.some((i) => i.id.length > INTERACTIVE.id)) return null;
  const fitsButtons = items.length <= INTERACTIVE.buttons && items.every((i) => i.title.trim().length <= INTERACTIVE.buttonTitle);
  if (fitsButtons && text.length <= INTERACTIVE.body) {
    return {
      type: "button",
      body: { text },
      action: { buttons: items.map((i) => ({ type: "reply", reply: { id: i.id, title: i.title.trim() } })) },
    };
  }
  if (text.length > INTERACTIVE.listBody) return null;
  return {
    type: "list",
    body: { text },
    action: {
      button: LIST_BUTTON,
      sections: [
        {
          rows: items.map((i) => {
            const title = i.title.trim();
            // A title too long for the row keeps its whole text in the description.
            return title.length <= INTERACTIVE.rowTitle
              ? { id: i.id, title }
              : { id: i.id, title: cut(title, INTERACTIVE.rowTitle), description: cut(title, INTERACTIVE.rowDescription) };
          }),
        },
      ],
    },
  };
}

/** The `template` object of a send: variables go to the header or the body, by name when the template names them. */
export function templateOf(t: OutgoingTemplate, components: TemplateComponent[]): Record<string, unknown> {
  const vars = templateVariables(components);
  const parts: Record<"header" | "body", Record<string, unknown>[]> = { header: [], body: [] };
  vars.forEach((v, i) => {
    const text = (t.params[i] ?? "").trim() || "-";
    parts[v.component].push(/^\d+$/.test(v.key) ? { type: "text", text } : { type: "text", parameter_name: v.key, text });
  });
  const list = (["header", "body"] as const).filter((k) => parts[k].length).map((k) => ({ type: k, parameters: parts[k] }));
  return { name: t.name, language: { code: t.language }, ...(list.length ? { components: list } : {}) };
}

/** The Graph type a file goes out as: WhatsApp's image type takes only JPEG and PNG, video MP4 and 3GP. */
export function mediaTypeOf(mimetype: string): "image" | "video" | "audio" | "document" | "sticker" {
  const kind = sendKindOf(mimetype);
  const m = mimetype.split(";")[0].trim().toLowerCase();
  if (kind === "image" && m !== "image/jpeg" && m !== "image/png") return "document";
  if (kind === "video" && m !== "video/mp4" && m !== "video/3gpp") return "document";
  return kind;
}

/**
 * The body of POST /{phone-number-id}/messages for one Outgoing (media already uploaded: `mediaId`;
 * a template's components given). `biz_opaque_callback_data` carries our reserved id, so a status
 * that arrives before the send's answer still finds its message.
 */
export function messageBody(msg: Outgoing, to: string, extra: { mediaId?: string; components?: TemplateComponent[] } = {}): Record<string, unknown> {
  const base: Record<string, unknown> = { recipient_type: "individual", to };
  if (msg.id) base.biz_opaque_callback_data = msg.id;
  if (msg.quoted && msg.type !== "reaction") base.context = { message_id: msg.quoted.id };
  switch (msg.type) {
    case "text": {
      const interactive = msg.menu ? interactiveOf(msg.menu) : null;
      if (interactive) return { ...base, type: "interactive", interactive };
      return { ...base, type: "text", text: { body: msg.body, preview_url: /https?:\/\//.test(msg.body) } };
    }
    case "template":
      return { ...base, type: "template", template: templateOf(msg.template, extra.components ?? []) };
    case "reaction":
      return { ...base, type: "reaction", reaction: { message_id: msg.target.id, emoji: msg.emoji } };
    case "location":
      return { ...base, type: "location", location: { latitude: msg.latitude, longitude: msg.longitude, name: msg.name, address: msg.address } };
    case "contact":
      return { ...base, type: "contacts", contacts: [contactOf(msg.displayName, msg.vcard)] };
    case "media": {
      const type = mediaTypeOf(msg.mimetype);
      const media: Record<string, unknown> = { id: extra.mediaId };
      if (msg.caption && type !== "audio" && type !== "sticker") media.caption = msg.caption;
      if (type === "document") media.filename = msg.fileName;
      return { ...base, type, [type]: media };
    }
  }
}

/** A vCard → the `contacts` entry of a send. */
function contactOf(displayName: string, vcard: string) {
  const phones = [...vcard.matchAll(/^TEL[^:\n]*?(?:waid=(\d+))?[^:\n]*:(.+)$/gim)].map((m) => ({ phone: m[2].trim(), ...(m[1] ? { wa_id: m[1] } : {}) }));
  return { name: { formatted_name: displayName, first_name: displayName }, phones };
}
