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
  // after the first paint: the worker's install downloads the shell in the background
  setTimeout(() => void registerServiceWorker(), 0);
}

void boot();
