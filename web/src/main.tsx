import { createRoot } from "react-dom/client";
import { App } from "./app";
import { restoreSession } from "./stores/session";
import { initUi } from "./stores/ui";

/** Boot: stored theme and language first (no flash of the wrong ones), then the session refresh. */
async function boot() {
  await initUi();
  void restoreSession();
  createRoot(document.getElementById("root")!).render(<App />);
}

void boot();
