import { describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encode as encodePng } from "fast-png";
import jpeg from "jpeg-js";
import { GifWriter } from "omggif";
import { thumbnailOffThread } from "./describe";
import { jpegOrientation, thumbnailJs } from "./thumbnail-js";

/** An RGBA image whose left half is red and right half blue (orientation shows in the thumbnail). */
function halves(w: number, h: number, alpha = 255) {
  const d = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 4;
      d.set(x < w / 2 ? [255, 0, 0, alpha] : [0, 0, 255, alpha], i);
    }
  return d;
}
const jpegOf = (w: number, h: number) => new Uint8Array(jpeg.encode({ data: halves(w, h), width: w, height: h }, 90).data);

/** The same JPEG with an EXIF block saying orientation `o` (big-endian TIFF), right after SOI. */
function withOrientation(src: Uint8Array, o: number) {
  const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, o, 0, 0, 0, 0, 0, 0, 0, 0];
  const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff];
  const app1 = [0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 255, ...body];
  return new Uint8Array([...src.slice(0, 2), ...app1, ...src.slice(2)]);
}
const decoded = (b: Uint8Array) => jpeg.decode(b, { useTArray: true });
const pixel = (img: { data: Uint8Array; width: number }, x: number, y: number) => [...img.data.slice((y * img.width + x) * 4, (y * img.width + x) * 4 + 3)];

describe("the JavaScript thumbnailer (the single binary has no sharp)", () => {
  test("a JPEG: at most 96 px a side, a real JPEG, the original's size", () => {
    const t = thumbnailJs(jpegOf(400, 300), 96);
    expect([t.width, t.height]).toEqual([400, 300]);
    const img = decoded(t.jpeg);
    expect([img.width, img.height]).toEqual([96, 72]);
    expect(pixel(img, 5, 36)[0]).toBeGreaterThan(200);
    expect(pixel(img, 90, 36)[2]).toBeGreaterThan(200);
  });

  test("EXIF orientation 6 (a phone held upright): turned, and the shown size is the turned one", () => {
    const b = withOrientation(jpegOf(400, 300), 6);
    expect(jpegOrientation(b)).toBe(6);
    const t = thumbnailJs(b, 96);
    expect([t.width, t.height]).toEqual([300, 400]);
    const img = decoded(t.jpeg);
    expect([img.width, img.height]).toEqual([72, 96]);
    // Rotated 90° clockwise: the red left half is now on top.
    expect(pixel(img, 36, 5)[0]).toBeGreaterThan(200);
    expect(pixel(img, 36, 90)[2]).toBeGreaterThan(200);
  });

  test("a transparent PNG is laid on white; a GIF gives its first frame; a small image is not enlarged", () => {
    const png = encodePng({ data: halves(60, 40, 0), width: 60, height: 40, channels: 4 });
    const t = thumbnailJs(png, 96);
    const img = decoded(t.jpeg);
    expect([img.width, img.height]).toEqual([60, 40]);
    expect(pixel(img, 10, 10).every((c) => c > 240)).toBe(true);
    const gif = new Uint8Array(1024);
    const w = new GifWriter(gif, 20, 10, { palette: [0xff0000, 0x0000ff] });
    w.addFrame(
      0,
      0,
      20,
      10,
      Array.from({ length: 200 }, (_, i) => (i % 20 < 10 ? 0 : 1)),
    );
    const g = thumbnailJs(gif.slice(0, w.end()), 96);
    expect([g.width, g.height]).toEqual([20, 10]);
    expect(pixel(decoded(g.jpeg), 2, 5)[0]).toBeGreaterThan(200);
  });

  test("refused before decoding: not an image, or a header claiming 2.5 billion pixels", () => {
    expect(() => thumbnailJs(new TextEncoder().encode("hello, not an image"), 96)).toThrow("not a JPEG, PNG or GIF");
    const huge = encodePng({ data: new Uint8Array(4), width: 1, height: 1, channels: 4 });
    new DataView(huge.buffer).setUint32(16, 50_000);
    new DataView(huge.buffer).setUint32(20, 50_000);
    expect(() => thumbnailJs(huge, 96)).toThrow("too large");
  });

  test("runs in a Worker, from a file or from bytes", async () => {
    const dir = mkdtempSync(join(tmpdir(), "balcao-thumb-"));
    try {
      writeFileSync(join(dir, "photo.jpg"), jpegOf(1200, 900));
      const fromFile = await thumbnailOffThread(join(dir, "photo.jpg"));
      expect([fromFile.width, fromFile.height]).toEqual([1200, 900]);
      expect(decoded(fromFile.jpeg).width).toBe(96);
      const fromBytes = await thumbnailOffThread(Buffer.from(jpegOf(200, 100)));
      expect(decoded(fromBytes.jpeg).height).toBe(48);
      await expect(thumbnailOffThread(Buffer.from("nope"))).rejects.toThrow("not a JPEG");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
