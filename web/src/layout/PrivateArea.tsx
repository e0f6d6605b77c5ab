import { useSignals } from "@preact/signals-react/runtime";
import { lazy, Suspense, useEffect, useState } from "react";
import { Route, Switch } from "wouter";
import { Guard } from "../guards";
import { syncPushDevice } from "../features/notifications/push";
import { migrateLocalTasks } from "../features/todo/tasks";
import { connectSocket, disconnectSocket } from "../realtime/socket";
import { ROUTES } from "../routes";
import { drawerOpen, isMobile } from "../stores/ui";
import { Drawer } from "./Drawer";
import { NotFound } from "./NotFound";
import { ProfileModal } from "./ProfileModal";
import { StorageBanner } from "./StorageBanner";
import { SecuritySuggestion } from "./SecuritySuggestion";
import { TopBar } from "./TopBar";

const NotificationsModal = lazy(() => import("../features/notifications/NotificationsModal"));
const inside = ROUTES.filter((r) => r.access !== "guest" && r.access !== "open");

/** The signed-in shell: drawer, top bar, the page, and the realtime socket while mounted. */
export default function PrivateArea() {
  useSignals();
  const [profileOpen, setProfileOpen] = useState(false);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  useEffect(() => {
    connectSocket();
    void syncPushDevice();
    // An older version kept the to-do list in this browser: move it to the signed-in user's account now.
    void migrateLocalTasks();
    return disconnectSocket;
  }, []);
  const collapsed = !isMobile.value && !drawerOpen.value;
  return (
    <div className="flex h-full">
      <Drawer />
      <div className={`flex min-w-0 flex-1 flex-col transition-[padding] duration-200 ${isMobile.value ? "" : collapsed ? "pl-[72px]" : "pl-64"}`}>
        <TopBar onProfile={() => setProfileOpen(true)} onNotifications={() => setNotificationsOpen(true)} />
        <StorageBanner />
        <SecuritySuggestion />
        <main className="min-h-0 flex-1 overflow-auto">
          <Switch>
            {inside.map((entry) => (
              <Route key={entry.path} path={entry.path}>
                <Guard entry={entry} />
              </Route>
            ))}
            <Route>
              <NotFound />
            </Route>
          </Switch>
        </main>
      </div>
      <ProfileModal open={profileOpen} onClose={() => setProfileOpen(false)} />
      {notificationsOpen && (
        <Suspense fallback={null}>
          <NotificationsModal open onClose={() => setNotificationsOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
