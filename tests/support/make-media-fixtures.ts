/**
 * Records the media fixtures of tests/fixtures/media with the Debian Chromium (fake microphone, a
 * canvas animation): `bun run tests/support/make-media-fixtures.ts`. The files are committed; this
 * script only documents how they were made and can refresh them.
 */
import { join } from "node:path";
import { chromium } from "playwright-core";

const OUT = join(import.meta.dir, "../fixtures/media");
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", "--no-sandbox"],
});
const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response("<canvas></canvas>", { headers: { "content-type": "text/html" } }) });
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.port}/`);
  const files = await page.evaluate(async () => {
    const b64 = async (blob: Blob) => {
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let s = "";
      for (const c of bytes) s += String.fromCharCode(c);
      return btoa(s);
    };
    const record = async (stream: MediaStream, mimeType: string, ms: number, bits: Record<string, number>) => {
      const rec = new MediaRecorder(stream, { mimeType, ...bits });
      const chunks: Blob[] = [];
      rec.ondataavailable = (e) => chunks.push(e.data);
      rec.start();
      await new Promise((r) => setTimeout(r, ms));
      rec.stop();
      await new Promise((r) => {
        rec.onstop = r;
      });
      for (const t of stream.getTracks()) t.stop();
      return b64(new Blob(chunks, { type: mimeType }));
    };
    const mic = await navigator.mediaDevices.getUserMedia({ audio: true });
    const voice = await record(mic, "audio/webm;codecs=opus", 2500, { audioBitsPerSecond: 32_000 });
    const canvas = document.querySelector("canvas") as HTMLCanvasElement;
    canvas.width = 320;
    canvas.height = 240;
    const g = canvas.getContext("2d") as CanvasRenderingContext2D;
    let frame = 0;
    const timer = setInterval(() => {
      g.fillStyle = `hsl(${(frame * 12) % 360} 70% 50%)`;
      g.fillRect(0, 0, 320, 240);
      g.fillStyle = "#fff";
      g.fillRect((frame * 8) % 320, 100, 40, 40);
      frame++;
    }, 40);
    const clip = await record(canvas.captureStream(25), "video/mp4;codecs=avc1", 1200, { videoBitsPerSecond: 200_000 });
    clearInterval(timer);
    return { voice, clip };
  });
  await Bun.write(join(OUT, "voice.webm"), Buffer.from(files.voice, "base64"));
  await Bun.write(join(OUT, "clip.mp4"), Buffer.from(files.clip, "base64"));
  console.log("voice.webm", Buffer.from(files.voice, "base64").length, "clip.mp4", Buffer.from(files.clip, "base64").length);
} finally {
  await browser.close();
  server.stop(true);
}
