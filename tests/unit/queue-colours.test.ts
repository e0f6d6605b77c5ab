import { expect, test } from "bun:test";
import { PALETTE, SUGGESTED, suggestColor } from "../../web/src/features/queues/palette";

/** Hue (0-360) of a #rrggbb colour. */
function hue(hex: string) {
  const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255);
  const max = Math.max(r, g, b);
  const d = max - Math.min(r, g, b);
  if (!d) return 0;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}
const hueGap = (a: string, b: string) => Math.min(Math.abs(hue(a) - hue(b)), 360 - Math.abs(hue(a) - hue(b)));

test("new queues are offered distinct calm colours in turn: no red, each far from the ones before", () => {
  const used: string[] = [];
  for (let i = 0; i < 6; i++) used.push(suggestColor(used));
  expect(new Set(used).size).toBe(6);
  for (const c of used) expect(hue(c) > 20 && hue(c) < 340).toBe(true); // not red
  for (let i = 1; i < used.length; i++) expect(hueGap(used[i], used[i - 1])).toBeGreaterThan(40);
  // colours taken by hand are skipped, whatever their case
  expect(suggestColor([SUGGESTED[0].toUpperCase()])).toBe(SUGGESTED[1]);
  // every suggestion is one of the palette's swatches, so the picker shows it selected
  for (const c of SUGGESTED) expect(PALETTE).toContain(c);
});
