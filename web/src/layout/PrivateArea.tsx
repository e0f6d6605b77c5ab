import { useSignals } from "@preact/signals-react/runtime";
import { useEffect, useState } from "react";
import { Route, Switch } from "wouter";
import { Guard } from "../guards";
import { migrateLocalTasks } from "../features/todo/tasks";
import { connectSocket, disconnectSocket } from "../realtime/socket";
import { ROUTES } from "../routes";
import { drawerOpen, isMobile } from "../stores/ui";
import { Drawer } from "./Drawer";
import { NotFound } from "./NotFound";
import { ProfileModal } from "./ProfileModal";
import { StorageBanner } from "./StorageBanner";
import { TopBar } from "./TopBar";

const inside = ROUTES.filter((r) => r.access !== "guest" && r.access !== "open");

/** The signed-in shell: drawer, top bar, the page, and the realtime socket while mounted. */
export default function PrivateArea() {
  useSignals();
  const [profileOpen, setProfileOpen] = useState(false);
  useEffect(() => {
    connectSocket();
    // An older version kept the to-do list in this browser: move it to the signed-in user's account now.
    void migrateLocalTasks();
    return disconnectSocket;
  }, []);
  const collapsed = !isMobile.value && !drawerOpen.value;
  return (
    <div className="flex h-full">
      <Drawer />
      <div className={`flex min-w-0 flex-1 flex-col transition-[padding] duration-200 ${isMobile.value ? "" : collapsed ? "pl-[72px]" : "pl-64"}`}>
        <TopBar onProfile={() => setProfileOpen(true)} />
        <StorageBanner />
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
    </div>
  );
}
