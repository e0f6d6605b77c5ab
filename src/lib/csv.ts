/** CSV exports (contacts, the audit log): `;`-separated fields that spreadsheet apps open safely. */

const QUOTE = /[;"\r\n]/;
/** One CSV field, quoted per RFC 4180 when it holds the separator, a quote or a line break. */
export const csvField = (v: string) => (QUOTE.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/**
 * Cells starting with = + - @ (or a tab/CR) would run as formulas in spreadsheet apps, and names come
 * from customers' WhatsApp profiles: they are exported with a leading apostrophe (removed on import).
 */
export const guardFormula = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);
