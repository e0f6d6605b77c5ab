import type { PushPayload } from "../../contract/dto/notifications";
import type { Candidate } from "./events";
import { clip, pushText } from "./texts";

/**
 * The push a device shows for an event, written in the device's language. Without `preview` no
 * message text leaves the server: the notification says that something arrived, not what.
 */
export function payloadFor(c: Candidate, url: string, tag: string, mentioned: boolean, queue = "") {
  return (lang: string, preview: boolean): PushPayload => {
    const text = (s: string) => clip(s.trim() || pushText(lang, "media"));
    let title: string;
    let body: string;
    switch (c.kind) {
      case "newTicket":
        title = queue ? pushText(lang, "newTicket.title", { queue }) : pushText(lang, "newTicket.titleNoQueue");
        body = preview ? pushText(lang, "newTicket.body", { name: c.name, text: text(c.text) }) : pushText(lang, "newTicket.bodyHidden", { name: c.name });
        break;
      case "newMessage":
        title = c.name;
        body = preview ? text(c.text) : pushText(lang, "newMessage.bodyHidden");
        break;
      case "transfer":
        title = c.toUserId ? pushText(lang, "transfer.toYou") : pushText(lang, "transfer.toQueue", { queue });
        body = c.name;
        break;
      case "chat":
        title = pushText(lang, mentioned ? "chat.mention" : "chat.title", { sender: c.senderName, chat: c.title });
        body = preview ? text(c.text) : pushText(lang, "chat.bodyHidden");
        break;
      case "connection":
        title = pushText(lang, "connection.title", { name: c.name });
        body = pushText(lang, "connection.body", { name: c.name });
        break;
    }
    return { kind: c.kind, title: clip(title), body, url, tag };
  };
}
