/** The preset palette of 50 colours (R-QUEUE-5): ten hues in five shades. */
export const PALETTE = [
  ["#f87171", "#ef4444", "#dc2626", "#b91c1c", "#991b1b"],
  ["#fb923c", "#f97316", "#ea580c", "#c2410c", "#9a3412"],
  ["#fbbf24", "#f59e0b", "#d97706", "#b45309", "#92400e"],
  ["#4ade80", "#22c55e", "#16a34a", "#15803d", "#166534"],
  ["#2dd4bf", "#14b8a6", "#0d9488", "#0f766e", "#115e59"],
  ["#22d3ee", "#06b6d4", "#0891b2", "#0e7490", "#155e75"],
  ["#60a5fa", "#3b82f6", "#2563eb", "#1d4ed8", "#1e40af"],
  ["#818cf8", "#6366f1", "#4f46e5", "#4338ca", "#3730a3"],
  ["#c084fc", "#a855f7", "#9333ea", "#7e22ce", "#6b21a8"],
  ["#f472b6", "#ec4899", "#db2777", "#be185d", "#9d174d"],
].flat();

/**
 * The colours a new queue is offered, in turn: distinct, calm hues (no reds, which read as errors on
 * the ticket list), each far from the one before; the rest of the palette comes after them.
 */
export const SUGGESTED = ["#0d9488", "#2563eb", "#d97706", "#9333ea", "#16a34a", "#0891b2", "#db2777", "#4f46e5", "#ea580c", "#15803d", "#1d4ed8", "#b45309"];

/** The first suggestion no queue uses yet (then any unused palette colour, reds last). */
export function suggestColor(used: Iterable<string>): string {
  const taken = new Set([...used].map((c) => c.toLowerCase()));
  const reds = PALETTE.slice(0, 5);
  const order = [...SUGGESTED, ...PALETTE.filter((c) => !SUGGESTED.includes(c) && !reds.includes(c)), ...reds];
  return order.find((c) => !taken.has(c)) ?? SUGGESTED[0];
}
