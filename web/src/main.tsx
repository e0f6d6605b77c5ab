import { createRoot } from "react-dom/client";
import { App } from "./app";
import { registerServiceWorker } from "./pwa/register";
import { restoreSession } from "./stores/session";
import { initUi } from "./stores/ui";

/** Boot: stored theme and language first (no flash of the wrong ones), then the session refresh. */
async function boot() {
  await initUi();
  void restoreSession();
  createRoot(document.getElementById("root")!).render(<App />);
  // once the page is loaded and idle: the worker's install downloads the shell in the background
  const later = () =>
    typeof requestIdleCallback === "function"
      ? requestIdleCallback(() => void registerServiceWorker(), { timeout: 5_000 })
      : setTimeout(registerServiceWorker, 1_000);
  if (document.readyState === "complete") later();
  else addEventListener("load", later, { once: true });
}

void boot();
