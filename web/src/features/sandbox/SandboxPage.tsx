import { useSignals } from "@preact/signals-react/runtime";
import { Fragment, useEffect, useRef, useState } from "react";
import { Link, useParams } from "wouter";
import { sendSandbox } from "../../api/sandbox";
import { EmptyState } from "../../components/EmptyState";
import { Icon } from "../../components/Icon";
import { BlockSpinner, Spinner } from "../../components/Spinner";
import { PageTitle } from "../../components/Page";
import { useT } from "../../i18n";
import { connections, connectionsLoaded, ensureConnections } from "../../stores/connections";
import { toastError } from "../../stores/toast";
import { NoMenuNotice } from "../connections/NoMenuNotice";
import { Composer, type Payload } from "./Composer";
import { type Customer, CustomerList } from "./CustomerList";
import { SandboxBubble } from "./SandboxBubble";
import { DayDivider, startsDay } from "../../components/DayDivider";
import { useSandbox } from "./useSandbox";

/**
 * /sandbox/:connectionId: a simulated phone. Pick or create a customer, write to the company (text,
 * media, location, contact card) and watch its replies and ack ticks arrive live. Bot menus are
 * plain numbered texts to answer.
 */
export default function SandboxPage() {
  useSignals();
  const t = useT();
  const connectionId = Number(useParams<{ connectionId: string }>().connectionId);
  const [customer, setCustomer] = useState<Customer | null>(null);
  const { customers, messages, loading, put } = useSandbox(connectionId, customer?.number ?? null);
  const bottom = useRef<HTMLDivElement>(null);
  useEffect(ensureConnections, []);
  // braces matter: newer browsers make scrollIntoView return a promise, which React would call as cleanup
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: "end" });
  }, [messages.length]);
  const w = connections.value.find((x) => x.id === connectionId);

  if (!connectionsLoaded.value) return <BlockSpinner />;
  if (w?.channel !== "sandbox") {
    return (
      <div className="p-8">
        <EmptyState
          icon="alert"
          title={t("sandbox.notSandbox")}
          action={
            <Link href="/connections" className="text-brand-700 underline">
              {t("sandbox.back")}
            </Link>
          }
        />
      </div>
    );
  }

  const onSend = async (p: Payload) => {
    if (!customer) return false;
    try {
      put(await sendSandbox(connectionId, { ...p, number: customer.number, name: customer.name }));
      return true;
    } catch (err) {
      toastError(err);
      return false;
    }
  };

  return (
    <div className="flex h-full flex-col gap-4 overflow-y-auto px-4 py-6 sm:px-8 md:overflow-hidden">
      <div className="flex flex-wrap items-center gap-3">
        <PageTitle className="mr-auto">{t("sandbox.title")}</PageTitle>
        <span className="text-sm text-muted">{t("sandbox.connection", { name: w.name })}</span>
        <Link href="/connections" className="text-sm text-brand-700 underline dark:text-brand-300">
          {t("sandbox.back")}
        </Link>
      </div>
      {w.status !== "CONNECTED" && (
        <p role="alert" className="rounded-lg bg-amber-50 px-4 py-2 text-sm text-amber-800 dark:bg-amber-500/10 dark:text-amber-300">
          {t("sandbox.disconnected")}
        </p>
      )}
      <NoMenuNotice w={w} className="text-sm" />
      {/* On a phone the customer form and the phone stack and the page scrolls; side by side from md up. */}
      <div className="grid shrink-0 gap-4 md:min-h-0 md:flex-1 md:shrink md:grid-cols-[18rem_minmax(0,26rem)]">
        <CustomerList customers={customers} current={customer?.number ?? null} onPick={setCustomer} />
        <section
          className="flex min-h-[28rem] flex-col overflow-hidden rounded-[2rem] border-8 border-slate-800 bg-[#efeae2] shadow-pop dark:border-slate-600"
          data-testid="sandbox-phone"
        >
          <header className="flex items-center gap-2 bg-emerald-700 px-4 py-3 text-white">
            <Icon name="user" className="size-5" />
            <span className="truncate font-medium">{customer ? customer.name || customer.number : t("sandbox.title")}</span>
          </header>
          <div className="min-h-0 flex-1 space-y-2 overflow-y-auto p-3" data-testid="sandbox-messages">
            {!customer ? (
              <p className="mt-10 text-center text-sm text-slate-600">{t("sandbox.pick")}</p>
            ) : loading ? (
              <Spinner className="mx-auto my-10 size-6 text-emerald-700" />
            ) : messages.length === 0 ? (
              <p className="mt-10 text-center text-sm text-slate-600">{t("sandbox.empty")}</p>
            ) : (
              messages.map((m, i) => (
                <Fragment key={m.id}>
                  {startsDay(messages[i - 1]?.createdAt, m.createdAt) && <DayDivider at={m.createdAt} />}
                  <SandboxBubble m={m} />
                </Fragment>
              ))
            )}
            <div ref={bottom} />
          </div>
          {customer && <p className="bg-white/60 px-3 py-1 text-[11px] text-slate-600">{t("sandbox.hint")}</p>}
          <Composer onSend={onSend} disabled={!customer || w.status !== "CONNECTED"} />
        </section>
      </div>
    </div>
  );
}
