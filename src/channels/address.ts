/**
 * Channel addresses use WhatsApp's JID convention for every channel (the sandbox phone too):
 * `<digits>@s.whatsapp.net` for people with a known number, `<lid>@lid` for people known only by
 * their linked identity, `<id>@g.us` for groups.
 */
export function addressOf(c: { number: string | null; lid?: string | null; isGroup?: boolean | null }): string {
  const lid = c.lid ? c.lid.replace(/@lid$/, "") : null;
  if (c.isGroup) return `${c.number}@g.us`;
  if (c.number && !c.number.startsWith("lid:")) return `${c.number}@s.whatsapp.net`;
  if (lid) return `${lid}@lid`;
  throw new Error("contact has no address");
}

/** Digits of a phone-number address, or null for LIDs and groups. */
export function numberOf(address: string): string | null {
  const m = /^(\d+)(?::\d+)?@s\.whatsapp\.net$/.exec(address);
  return m ? m[1] : null;
}
