import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { useParams } from "wouter";
import { navigate } from "wouter/use-browser-location";
import { Button } from "../../components/Button";
import { Icon } from "../../components/Icon";
import { useT } from "../../i18n";
import { initTicketFilters, openSubTab } from "../../stores/tickets";
import { isMobile } from "../../stores/ui";
import { Chat } from "./chat/Chat";
import { TicketsManager } from "./list/TicketsManager";

function Welcome({ onPick }: { onPick: () => void }) {
  const t = useT();
  return (
    <div className="flex h-full flex-col items-center justify-center gap-4 bg-canvas p-8 text-center" data-testid="welcome">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-100 text-brand-700 dark:bg-brand-500/15 dark:text-brand-300">
        <Icon name="chat" className="size-8" />
      </span>
      <div>
        <p className="text-lg font-semibold text-ink">{t("tickets.welcome.title")}</p>
        <p className="mt-1 max-w-sm text-sm text-muted">{t("tickets.welcome.text")}</p>
      </div>
      <Button variant="secondary" icon="inbox" onClick={onPick}>
        {t("tickets.welcome.pick")}
      </Button>
    </div>
  );
}

/**
 * /tickets and /tickets/:uuid (R-TKT-18): the list beside the chat. A phone shows one at a time:
 * the list, or the open ticket's chat, whose back button returns to the list.
 */
export default function TicketsPage() {
  useSignals();
  const { uuid } = useParams<{ uuid?: string }>();
  useState(() => initTicketFilters());
  if (isMobile.value) {
    return (
      <div className="flex h-full flex-col" data-testid="tickets-page">
        {uuid ? <Chat uuid={uuid} onBack={() => navigate("/tickets")} /> : <TicketsManager />}
      </div>
    );
  }
  const chat = uuid ? <Chat uuid={uuid} /> : <Welcome onPick={() => (openSubTab.value = "pending")} />;
  return (
    <div className="flex h-full min-h-0" data-testid="tickets-page">
      <div className="w-1/3 min-w-[320px] max-w-[440px] shrink-0 border-r border-line">
        <TicketsManager />
      </div>
      <div className="min-w-0 flex-1">{chat}</div>
    </div>
  );
}
