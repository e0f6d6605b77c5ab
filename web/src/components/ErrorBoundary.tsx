import { Component, type ReactNode } from "react";
import { t } from "../i18n";
import { Button } from "./Button";
import { EmptyState } from "./EmptyState";

const RELOAD_FLAG = "chunkReloadAt";

/** A lazy chunk that no longer exists (the app was rebuilt or redeployed while this tab was open). */
const isChunkError = (e: unknown) =>
  /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(String((e as Error)?.message ?? e));

/**
 * Catches render errors. A missing lazy chunk reloads the page once (the new index.html names the
 * new chunks); anything else shows a calm message with a reload button instead of a blank page.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown) {
    if (!isChunkError(error)) return;
    const last = Number(sessionStorage.getItem(RELOAD_FLAG) ?? 0);
    if (Date.now() - last > 10_000) {
      sessionStorage.setItem(RELOAD_FLAG, String(Date.now()));
      location.reload();
    }
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div className="flex h-full items-center justify-center">
        <EmptyState
          icon="alert"
          title={t("errors.generic")}
          action={
            <Button icon="reload" variant="secondary" onClick={() => location.reload()}>
              {t("topbar.reload")}
            </Button>
          }
        />
      </div>
    );
  }
}
