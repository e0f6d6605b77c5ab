/**
 * Balcão's service worker (built by scripts/build-pwa.ts into /sw.js, scope /). It keeps the built
 * shell in a cache named after this build, so the app opens at once and offline shows its own
 * "offline — reconnecting" state instead of the browser's error page; pages always come from the
 * network first (a new version's index.html is never hidden behind a cached one); hashed assets from
 * the cache first. It also shows Web Push notifications and opens their ticket on a click.
 */
import type { PushPayload } from "@contract/dto/notifications";

/** Filled in by the build: the hashed files of this version and its id. */
declare const __PRECACHE__: string[];
declare const __VERSION__: string;
declare const __ICON__: string;
declare const __BADGE__: string;

// The few service worker types used here (the webworker lib cannot share a program with the DOM one).
interface ExtendableEvent extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(r: Response | Promise<Response>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { json(): unknown } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification & { data: { url?: string } };
}
interface WindowClient {
  url: string;
  focus(): Promise<WindowClient>;
  postMessage(m: unknown): void;
}
interface SwScope {
  location: Location;
  registration: { showNotification(title: string, opts: NotificationOptions & { renotify?: boolean }): Promise<void> };
  clients: {
    matchAll(o: { type: "window"; includeUncontrolled: boolean }): Promise<WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: string, fn: (e: never) => void): void;
}
const sw = self as unknown as SwScope;

const PREFIX = "balcao-";
const CACHE = `${PREFIX}${__VERSION__}`;
/** The page: stored under "/" and answered to every navigation when the network cannot be reached. */
const SHELL = "/";
/** A page that takes longer than this is answered from the cache (a phone on a dying connection). */
const NAVIGATION_TIMEOUT_MS = 4_000;

sw.addEventListener("install", (e: ExtendableEvent) => {
  e.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll(__PRECACHE__);
      // the page as the server answers a browser (with its security headers)
      const page = await fetch(SHELL, { headers: { accept: "text/html" }, cache: "no-cache" });
      if (!page.ok) throw new Error(`shell ${page.status}`);
      await cache.put(SHELL, page);
      await cache.put("/__created", new Response(String(Date.now())));
      await sw.skipWaiting();
    })(),
  );
});

/** Keeps this version and the one before (tabs still open on it may load its lazy chunks), drops older ones. */
async function pruneCaches() {
  const names = (await caches.keys()).filter((n) => n.startsWith(PREFIX) && n !== CACHE);
  const dated = await Promise.all(
    names.map(async (n) => {
      const created = await (await caches.open(n)).match("/__created");
      return { n, at: Number(created ? await created.text() : 0) };
    }),
  );
  dated.sort((a, b) => b.at - a.at);
  for (const { n } of dated.slice(1)) await caches.delete(n);
}

sw.addEventListener("activate", (e: ExtendableEvent) => {
  e.waitUntil(pruneCaches().then(() => sw.clients.claim()));
});

async function navigation(request: Request): Promise<Response> {
  const network = fetch(request);
  const timeout = new Promise<null>((resolve) => setTimeout(() => resolve(null), NAVIGATION_TIMEOUT_MS));
  try {
    const res = await Promise.race([network, timeout]);
    if (res) return res;
  } catch {
    // offline: the cached shell below
  }
  const cached = await caches.match(SHELL, { cacheName: CACHE });
  return cached ?? network;
}

/** Hashed files never change: from any cache of ours, else the network (kept for next time). */
async function asset(request: Request): Promise<Response> {
  const cached = await caches.match(request);
  if (cached) return cached;
  const res = await fetch(request);
  if (res.ok) {
    const copy = res.clone();
    void caches.open(CACHE).then((c) => c.put(request, copy));
  }
  return res;
}

sw.addEventListener("fetch", (e: FetchEvent) => {
  const req = e.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== sw.location.origin) return;
  if (req.mode === "navigate") return e.respondWith(navigation(req));
  if (url.pathname.startsWith("/assets/")) return e.respondWith(asset(req));
  // API calls, the socket, media and the manifest go to the network untouched
});

sw.addEventListener("push", (e: PushEvent) => {
  let p: PushPayload;
  try {
    p = e.data?.json() as PushPayload;
  } catch {
    return;
  }
  if (!p?.title) return;
  e.waitUntil(sw.registration.showNotification(p.title, { body: p.body, tag: p.tag, renotify: true, icon: __ICON__, badge: __BADGE__, data: { url: p.url } }));
});

/** A click opens the ticket (or chat) in an open Balcão tab, or in a new one. */
sw.addEventListener("notificationclick", (e: NotificationEvent) => {
  e.notification.close();
  const url = e.notification.data?.url ?? "/";
  e.waitUntil(
    (async () => {
      const tabs = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
      const tab = tabs.find((c) => new URL(c.url).origin === sw.location.origin);
      if (!tab) {
        await sw.clients.openWindow(url);
        return;
      }
      await tab.focus();
      tab.postMessage({ type: "open", url });
    })(),
  );
});
