import { signal } from "@preact/signals-react";
import { LIMITS } from "@contract/limits";
import { DEFAULT_LANGUAGE, isLanguage, type Language, setLanguage } from "../i18n";
import { load, save } from "../lib/storage";

export type Theme = "light" | "dark";

const systemTheme = (): Theme => (typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");

function initialTheme(): Theme {
  const stored = load("preferredTheme");
  return stored === "dark" || stored === "light" ? stored : systemTheme();
}

function initialVolume(): number {
  const n = Number(load("volume") ?? "1");
  return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 1;
}

/** Light or dark, stored as preferredTheme; defaults to the system colour scheme. */
export const theme = signal<Theme>(initialTheme());
/** Notification volume 0..1 (step 0.1), stored as volume. */
export const volume = signal<number>(initialVolume());
/** Drawer open (wide screens: expanded; narrow: the temporary drawer is showing). */
export const drawerOpen = signal<boolean>(typeof innerWidth === "number" ? innerWidth >= LIMITS.mobileBreakpointPx : true);
/** Below 600 px the drawer is temporary (an overlay). */
export const isMobile = signal<boolean>(typeof innerWidth === "number" ? innerWidth < LIMITS.mobileBreakpointPx : false);

/** The top bar's colour per theme (the manifest and index.html carry the same, scripts/build-pwa.ts). */
const BAR_COLOR: Record<Theme, string> = { light: "#ffffff", dark: "#1b2326" };

function applyTheme(value: Theme) {
  document.documentElement.classList.toggle("dark", value === "dark");
  document.documentElement.style.colorScheme = value;
  // The installed app's title bar follows the chosen theme, not only the system's.
  for (const meta of document.querySelectorAll('meta[name="theme-color"]')) meta.setAttribute("content", BAR_COLOR[value]);
}

export function setTheme(value: Theme) {
  theme.value = value;
  save("preferredTheme", value);
  applyTheme(value);
}

export const toggleTheme = () => setTheme(theme.value === "dark" ? "light" : "dark");

export function setVolume(value: number) {
  const v = Math.round(Math.min(1, Math.max(0, value)) * 10) / 10;
  volume.value = v;
  save("volume", String(v));
}

export const toggleDrawer = () => {
  drawerOpen.value = !drawerOpen.value;
};

/** Changes and remembers the interface language. */
export async function chooseLanguage(lang: Language) {
  save("language", lang);
  await setLanguage(lang);
}

/** Applies stored preferences before the first render (theme class, language, viewport watch). */
export async function initUi() {
  applyTheme(theme.value);
  const mq = matchMedia(`(max-width: ${LIMITS.mobileBreakpointPx - 1}px)`);
  const onChange = () => {
    isMobile.value = mq.matches;
    drawerOpen.value = !mq.matches;
  };
  mq.addEventListener("change", onChange);
  const stored = load("language");
  await setLanguage(isLanguage(stored) ? stored : DEFAULT_LANGUAGE).catch(() => setLanguage(DEFAULT_LANGUAGE));
}
