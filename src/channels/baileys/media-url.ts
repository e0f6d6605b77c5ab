import { extractMessageContent, getContentType, type WAMessage } from "baileys";

const WA_MEDIA = /(^|\.)whatsapp\.net$/;

/**
 * The URL Baileys would download a message's media from (the same rule as its
 * `downloadContentFromMessage`: the directPath on the host of `url`, else `url` itself). Both come
 * from the sender's message, so a crafted message could point the server anywhere.
 */
export function mediaUrlOf(msg: WAMessage): string | null {
  const content = extractMessageContent(msg.message);
  const type = content ? getContentType(content) : undefined;
  const media = (type ? content?.[type] : null) as { url?: string | null; directPath?: string | null; thumbnailDirectPath?: string | null } | null;
  if (!media || typeof media !== "object") return null;
  const directPath = media.directPath ?? (media.url ? null : media.thumbnailDirectPath);
  let host = "mmg.whatsapp.net";
  try {
    if (media.url) host = new URL(media.url).host;
  } catch {
    // an unparsable url: Baileys falls back to its default host
  }
  return directPath ? `https://${host}${directPath}` : (media.url ?? null);
}

/**
 * Whether media may be downloaded from this URL: WhatsApp's media hosts over https, or (tests only)
 * the host of the overridden WhatsApp server, which stands in for them.
 */
export function mediaUrlAllowed(url: string | null, testServer?: string): boolean {
  if (!url) return false;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol === "https:" && WA_MEDIA.test(u.hostname.toLowerCase().replace(/\.+$/, ""))) return true;
  if (!testServer) return false;
  try {
    return (u.protocol === "http:" || u.protocol === "https:") && u.host === new URL(testServer).host;
  } catch {
    return false;
  }
}
