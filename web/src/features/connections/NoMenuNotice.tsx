import { Link } from "wouter";
import type { Connection } from "../../api/connections";
import { Icon } from "../../components/Icon";
import { useT } from "../../i18n";
import { allowed } from "../../stores/session";

/**
 * True when the connection's customers get no automatic answer at all: no queue to offer in a menu,
 * no greeting, no assistant or integration of its own (issue 29: the customer's "oi" got silence and
 * the ticket no queue, and nothing said why).
 */
export const answersNothing = (w: Pick<Connection, "queueIds" | "greetingMessage" | "promptId" | "integrationId">) =>
  w.queueIds.length === 0 && !w.greetingMessage.trim() && !w.promptId && !w.integrationId;

/** "Customers will get no menu": said on the connection row and on the sandbox phone, with the way to fix it. */
export function NoMenuNotice({ w, onEdit, className = "" }: { w: Connection; onEdit?: (id: number) => void; className?: string }) {
  const t = useT();
  if (!answersNothing(w)) return null;
  const manage = allowed("connections-page:editOrDeleteConnection");
  const link = "font-medium text-amber-900 underline hover:no-underline dark:text-amber-200";
  return (
    <div
      role="note"
      data-testid="no-menu-notice"
      className={`flex items-start gap-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-amber-800 dark:bg-amber-500/10 dark:text-amber-300 ${className}`}
    >
      <Icon name="alert" className="mt-px size-4 shrink-0" />
      <p className="min-w-0">
        {t("connections.noMenu.text")}{" "}
        {manage && onEdit ? (
          <button type="button" className={link} onClick={() => onEdit(w.id)}>
            {t("connections.noMenu.pickQueues")}
          </button>
        ) : (
          <Link href={`/connections?edit=${w.id}`} className={link}>
            {t("connections.noMenu.pickQueues")}
          </Link>
        )}{" "}
        ·{" "}
        <Link href="/queues" className={link}>
          {t("connections.noMenu.createQueues")}
        </Link>
      </p>
    </div>
  );
}
