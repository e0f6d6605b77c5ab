import { formatBytes, MEDIA_MAX_BYTES, sendKindOf } from "@contract/media";

/** What the browser measured of a file for the phone's preview (the server cannot decode video). */
export interface MediaHint {
  thumbnail?: string;
  width?: number;
  height?: number;
  seconds?: number;
}

/** Longest side of the preview frame, in pixels (the server re-encodes it to the same size). */
const THUMB_PX = 96;
const WAIT_MS = 5_000;

function once(el: HTMLMediaElement, event: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${event} timed out`)), WAIT_MS);
    el.addEventListener(
      event,
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
    el.addEventListener("error", () => reject(new Error("cannot decode")), { once: true });
  });
}

/** A frame of the video (at 0.5 s or its middle) as a small JPEG, plus its size and duration; null when the browser cannot decode it. */
export async function videoHint(file: File): Promise<MediaHint | null> {
  const url = URL.createObjectURL(file);
  const video = document.createElement("video");
  try {
    video.muted = true;
    video.playsInline = true;
    video.preload = "auto";
    video.src = url;
    await once(video, "loadeddata");
    const duration = Number.isFinite(video.duration) ? video.duration : 0;
    const target = Math.min(0.5, duration / 2);
    if (target > 0) {
      video.currentTime = target;
      await once(video, "seeked");
    }
    const w = video.videoWidth;
    const h = video.videoHeight;
    if (!w || !h) return null;
    const scale = Math.min(1, THUMB_PX / Math.max(w, h));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(w * scale));
    canvas.height = Math.max(1, Math.round(h * scale));
    canvas.getContext("2d")?.drawImage(video, 0, 0, canvas.width, canvas.height);
    const thumbnail = canvas.toDataURL("image/jpeg", 0.7).split(",")[1];
    return { thumbnail, width: w, height: h, seconds: Math.round(duration) };
  } catch {
    return null;
  } finally {
    video.removeAttribute("src");
    video.load();
    URL.revokeObjectURL(url);
  }
}

/** A small JPEG of an image and its size (used by servers that cannot decode images themselves); null when it cannot be read. */
export async function imageHint(file: File): Promise<MediaHint | null> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, THUMB_PX / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const hint = { thumbnail: canvas.toDataURL("image/jpeg", 0.7).split(",")[1], width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return hint;
  } catch {
    return null;
  }
}

/** Hints for each file to send (videos and images; null for the rest), in order. */
export async function hintsFor(files: File[]): Promise<(MediaHint | null)[]> {
  return Promise.all(
    files.map((f) => (f.type.startsWith("video/") ? videoHint(f) : /^image\/(jpeg|png|gif)$/.test(f.type) ? imageHint(f) : Promise.resolve(null))),
  );
}

/** WhatsApp's size limit a file is over ("16 MB"), or null when it may be sent. */
export function overLimit(file: File): string | null {
  const max = MEDIA_MAX_BYTES[sendKindOf(file.type || "application/octet-stream")];
  return file.size > max ? formatBytes(max) : null;
}
