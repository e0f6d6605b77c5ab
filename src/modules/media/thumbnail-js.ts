/**
 * Image thumbnails without native code, for the single binary (which cannot embed sharp's libvips):
 * JPEG (jpeg-js, EXIF orientation applied), PNG (fast-png) and GIF (omggif, first frame) are
 * decoded, shrunk by area averaging and encoded as a small JPEG. Pure JavaScript is slow on big
 * photos (measured: ~0.3 s for 2 MP, 1-2 s and ~300 MB for 12 MP), so it runs in a Worker
 * (thumbnail-worker.ts) and only where sharp does not load.
 */
import { decode as decodePng } from "fast-png";
import jpeg from "jpeg-js";
import { GifReader } from "omggif";

/** Images larger than this are not decoded (memory: 4 bytes per pixel). */
export const MAX_PIXELS = 40_000_000;

export interface JsThumbnail {
  jpeg: Uint8Array;
  /** The image's size as it is shown (EXIF orientation applied). */
  width: number;
  height: number;
}

interface Rgba {
  data: Uint8Array;
  width: number;
  height: number;
}

const isJpeg = (b: Uint8Array) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
const isPng = (b: Uint8Array) => b.length > 24 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
const isGif = (b: Uint8Array) => b.length > 10 && b[0] === 0x47 && b[1] === 0x49 && b[2] === 0x46;

function bounded(width: number, height: number) {
  if (!(width > 0 && height > 0) || width * height > MAX_PIXELS) throw new Error(`image too large to thumbnail (${width}x${height})`);
}

/** Decodes a JPEG, PNG or GIF (first frame) to RGBA; throws for anything else. */
export function decodeImage(b: Uint8Array): Rgba {
  if (isJpeg(b)) {
    const img = jpeg.decode(b, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: MAX_PIXELS / 1e6, maxMemoryUsageInMB: 256 });
    return { data: img.data, width: img.width, height: img.height };
  }
  if (isPng(b)) {
    const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
    bounded(view.getUint32(16), view.getUint32(20));
    const png = decodePng(b);
    return { data: toRgba(png.data, png.channels, png.depth), width: png.width, height: png.height };
  }
  if (isGif(b)) {
    const gif = new GifReader(b);
    bounded(gif.width, gif.height);
    const data = new Uint8Array(gif.width * gif.height * 4);
    gif.decodeAndBlitFrameRGBA(0, data);
    return { data, width: gif.width, height: gif.height };
  }
  throw new Error("not a JPEG, PNG or GIF");
}

/** PNG samples (1-4 channels, 8 or 16 bits) as 8-bit RGBA. */
function toRgba(src: ArrayLike<number>, channels: number, depth: number): Uint8Array {
  const n = src.length / channels;
  const out = new Uint8Array(n * 4);
  const s = depth === 16 ? 257 : depth < 8 ? 255 / (2 ** depth - 1) : 1;
  for (let i = 0; i < n; i++) {
    const v = (c: number) => Math.round(src[i * channels + c] / s);
    const g = v(0);
    out[i * 4] = channels >= 3 ? v(0) : g;
    out[i * 4 + 1] = channels >= 3 ? v(1) : g;
    out[i * 4 + 2] = channels >= 3 ? v(2) : g;
    out[i * 4 + 3] = channels === 4 ? v(3) : channels === 2 ? v(1) : 255;
  }
  return out;
}

/** The EXIF orientation (1-8) of a JPEG; 1 when it has none. */
export function jpegOrientation(b: Uint8Array): number {
  if (!isJpeg(b)) return 1;
  const view = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let p = 2;
  while (p + 4 < b.length && b[p] === 0xff) {
    const marker = b[p + 1];
    const len = view.getUint16(p + 2);
    if (marker === 0xe1 && b[p + 4] === 0x45 && b[p + 5] === 0x78 && b[p + 6] === 0x69 && b[p + 7] === 0x66) {
      const tiff = p + 10;
      const little = b[tiff] === 0x49;
      const u16 = (o: number) => (o + 2 <= b.length ? view.getUint16(o, little) : 0);
      const u32 = (o: number) => (o + 4 <= b.length ? view.getUint32(o, little) : 0);
      const ifd = tiff + u32(tiff + 4);
      for (let i = 0, count = u16(ifd); i < count && i < 512; i++) {
        const entry = ifd + 2 + i * 12;
        if (u16(entry) === 0x0112) {
          const o = u16(entry + 8);
          return o >= 1 && o <= 8 ? o : 1;
        }
      }
      return 1;
    }
    if (marker === 0xda) break;
    p += 2 + len;
  }
  return 1;
}

/** Shrinks to fit `max` px (never enlarges) by averaging each output pixel's area, over white. */
export function shrink(img: Rgba, max: number): Rgba {
  const scale = Math.min(1, max / img.width, max / img.height);
  const w = Math.max(1, Math.round(img.width * scale));
  const h = Math.max(1, Math.round(img.height * scale));
  const out = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    const y0 = Math.floor((y * img.height) / h);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * img.height) / h));
    for (let x = 0; x < w; x++) {
      const x0 = Math.floor((x * img.width) / w);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * img.width) / w));
      let r = 0;
      let g = 0;
      let b = 0;
      let n = 0;
      for (let sy = y0; sy < y1; sy++) {
        let i = (sy * img.width + x0) * 4;
        for (let sx = x0; sx < x1; sx++, i += 4) {
          const a = img.data[i + 3] / 255;
          r += img.data[i] * a + 255 * (1 - a);
          g += img.data[i + 1] * a + 255 * (1 - a);
          b += img.data[i + 2] * a + 255 * (1 - a);
          n++;
        }
      }
      const o = (y * w + x) * 4;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
      out[o + 3] = 255;
    }
  }
  return { data: out, width: w, height: h };
}

/** Turns an image as EXIF orientation `o` says (2-8: mirrored and/or rotated). */
export function orient(img: Rgba, o: number): Rgba {
  if (o <= 1 || o > 8) return img;
  const swap = o >= 5;
  const w = swap ? img.height : img.width;
  const h = swap ? img.width : img.height;
  const out = new Uint8Array(w * h * 4);
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      const W = img.width - 1;
      const H = img.height - 1;
      const [nx, ny] = [
        [x, y],
        [x, y],
        [W - x, y],
        [W - x, H - y],
        [x, H - y],
        [y, x],
        [H - y, x],
        [H - y, W - x],
        [y, W - x],
      ][o];
      out.set(img.data.subarray((y * img.width + x) * 4, (y * img.width + x) * 4 + 4), (ny * w + nx) * 4);
    }
  }
  return { data: out, width: w, height: h };
}

/** A JPEG thumbnail of at most `max` px a side, with the shown size of the original. */
export function thumbnailJs(bytes: Uint8Array, max: number): JsThumbnail {
  const img = decodeImage(bytes);
  const o = jpegOrientation(bytes);
  const small = orient(shrink(img, max), o);
  const swap = o >= 5 && o <= 8;
  return {
    jpeg: new Uint8Array(jpeg.encode({ data: small.data, width: small.width, height: small.height }, 60).data),
    width: swap ? img.height : img.width,
    height: swap ? img.width : img.height,
  };
}
