/**
 * The installable app's build step, run by scripts/build-web.ts on its output folder: icons at the
 * sizes browsers ask for (PNG from web/pwa/*.svg with sharp), the web manifest, the head tags of
 * index.html, and the service worker with its precache list made from the build output (never a
 * hand list) and a version id that changes with any file of the build.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import sharp from "sharp";

const ROOT = join(import.meta.dir, "..");
/** The brand green of the icon, the light theme's top bar and the dark theme's (styles.css). */
export const THEME = { brand: "#168a5a", light: "#ffffff", dark: "#1b2326", background: "#f6f9f7" };
/** Hashed files larger than this are cached on first use instead of at install (the voice-note encoder). */
const PRECACHE_MAX_BYTES = 150 * 1024;

const hashOf = (bytes: Uint8Array | string) => Bun.hash(bytes).toString(36).slice(0, 8);

async function png(svg: string, size: number, out: string, name: string): Promise<string> {
  const bytes = await sharp(join(ROOT, "web/pwa", svg), { density: 1024 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toBuffer();
  const rel = `assets/${name}-${hashOf(bytes)}.png`;
  await Bun.write(join(out, rel), bytes);
  return `/${rel}`;
}

/** Writes the icons, manifest and service worker into `out` and the head tags into its index.html. */
export async function buildPwa(out: string) {
  const icon192 = await png("icon.svg", 192, out, "icon-192");
  const icon512 = await png("icon.svg", 512, out, "icon-512");
  const maskable = await png("icon-maskable.svg", 512, out, "icon-maskable-512");
  const apple = await png("icon-maskable.svg", 180, out, "apple-touch-icon");
  const badge = await png("badge.svg", 96, out, "badge-96");
  const manifest = {
    id: "/",
    name: "Balcão",
    short_name: "Balcão",
    description: "Atendimento ao cliente pelo WhatsApp",
    lang: "pt-BR",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: THEME.background,
    theme_color: THEME.light,
    icons: [
      { src: icon192, sizes: "192x192", type: "image/png", purpose: "any" },
      { src: icon512, sizes: "512x512", type: "image/png", purpose: "any" },
      { src: maskable, sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
  await Bun.write(join(out, "manifest.webmanifest"), `${JSON.stringify(manifest, null, 2)}\n`);

  const indexPath = join(out, "index.html");
  const head = [
    `<link rel="manifest" href="/manifest.webmanifest" />`,
    `<meta name="theme-color" content="${THEME.light}" media="(prefers-color-scheme: light)" />`,
    `<meta name="theme-color" content="${THEME.dark}" media="(prefers-color-scheme: dark)" />`,
    `<link rel="apple-touch-icon" href="${apple}" />`,
    `<meta name="mobile-web-app-capable" content="yes" />`,
    `<meta name="apple-mobile-web-app-capable" content="yes" />`,
    `<meta name="apple-mobile-web-app-title" content="Balcão" />`,
  ].join("");
  const html = (await Bun.file(indexPath).text()).replace("</head>", `${head}</head>`);
  await Bun.write(indexPath, html);

  // Everything the page loads first, plus every other hashed file but the very large ones.
  const entry = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1].slice("assets/".length)));
  const assets = readdirSync(join(out, "assets"))
    .filter((f) => !/\.(br|gz)$/.test(f) && (entry.has(f) || statSync(join(out, "assets", f)).size <= PRECACHE_MAX_BYTES))
    .sort()
    .map((f) => `/assets/${f}`);
  const source = await Bun.file(join(ROOT, "web/src/sw/service-worker.ts")).text();
  const version = hashOf(`${assets.join("\n")}\n${html}\n${source}`);
  const result = await Bun.build({
    entrypoints: [join(ROOT, "web/src/sw/service-worker.ts")],
    target: "browser",
    minify: true,
    sourcemap: "none",
    define: {
      __PRECACHE__: JSON.stringify(assets),
      __VERSION__: JSON.stringify(version),
      __ICON__: JSON.stringify(icon192),
      __BADGE__: JSON.stringify(badge),
    },
  });
  if (!result.success) throw new AggregateError(result.logs, "service worker build failed");
  await Bun.write(join(out, "sw.js"), await result.outputs[0].text());
  return { version, precached: assets.length };
}
