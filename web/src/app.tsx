import { useSignals } from "@preact/signals-react/runtime";
import { lazy, Suspense } from "react";
import { Redirect, Route, Switch } from "wouter";
import { ErrorBoundary } from "./components/ErrorBoundary";
import { PageSpinner } from "./components/Spinner";
import { ToastContainer } from "./components/Toast";
import { Guard } from "./guards";
import { ROUTES } from "./routes";
import { OfflineBanner, OfflineScreen } from "./layout/OfflineBanner";
import { retrySession, status } from "./stores/session";

const PrivateArea = lazy(() => import("./layout/PrivateArea"));
const outside = ROUTES.filter((r) => r.access === "guest" || r.access === "open");

/** Public pages render alone; every other path goes through the signed-in shell (layout, socket). */
export function App() {
  useSignals();
  const s = status.value;
  return (
    <ErrorBoundary>
      <Switch>
        {outside.map((entry) => (
          <Route key={entry.path} path={entry.path}>
            <Guard entry={entry} />
          </Route>
        ))}
        <Route>
          {s === "loading" ? (
            <PageSpinner />
          ) : s === "offline" ? (
            <OfflineScreen retry={retrySession} />
          ) : s === "anonymous" ? (
            <Redirect to="/login" replace />
          ) : (
            <Suspense fallback={<PageSpinner />}>
              <PrivateArea />
            </Suspense>
          )}
        </Route>
      </Switch>
      <ToastContainer />
      <OfflineBanner />
    </ErrorBoundary>
  );
}
