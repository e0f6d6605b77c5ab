import type { Contact } from "../../api/contacts";
import { IconButton } from "../../components/Button";
import { ListTable, tdClass } from "../../components/ListPage";
import { Badge } from "../../components/Badge";
import { useT } from "../../i18n";
import { navigate } from "wouter/use-browser-location";
import { allowed, hasFlag } from "../../stores/session";

/**
 * Contacts table: avatar and name, number, email, actions (schedule a message with useSchedules; delete only
 * with contacts-page:deleteContact).
 * On narrow screens the number folds under the name.
 */
export function ContactsTable({
  contacts,
  loading,
  onEdit,
  onDelete,
  onStart,
}: {
  contacts: Contact[];
  loading: boolean;
  onEdit: (c: Contact) => void;
  onDelete: (c: Contact) => void;
  onStart: (c: Contact) => void;
}) {
  const t = useT();
  const canDelete = allowed("contacts-page:deleteContact");
  return (
    <ListTable
      loading={loading}
      columns={[
        { label: t("contacts.name") },
        { label: t("contacts.number"), className: "hidden sm:table-cell" },
        { label: t("contacts.email"), className: "hidden md:table-cell" },
        { label: t("common.actions"), className: "text-right" },
      ]}
    >
      {contacts.map((c) => (
        <tr key={c.id} data-testid="contact-row" className="hover:bg-raised/60">
          <td className={tdClass}>
            <div className="flex min-w-0 items-center gap-3">
              {c.profilePicUrl ? (
                <img src={c.profilePicUrl} alt="" className="size-9 shrink-0 rounded-full object-cover" />
              ) : (
                <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 text-xs font-semibold text-brand-800 dark:bg-brand-500/15 dark:text-brand-200">
                  {c.name.slice(0, 1).toUpperCase()}
                </span>
              )}
              <div className="min-w-0">
                <p className="flex items-center gap-2 font-medium text-ink">
                  <span className="truncate">{c.name}</span>
                  {c.optedOutAt && (
                    <span data-testid="contact-opted-out">
                      <Badge tone="warning">{t("contacts.optedOutBadge")}</Badge>
                    </span>
                  )}
                </p>
                <p className="truncate font-mono text-xs text-muted sm:hidden">{c.number}</p>
              </div>
            </div>
          </td>
          <td className={`${tdClass} hidden font-mono text-xs text-muted sm:table-cell`}>{c.number}</td>
          <td className={`${tdClass} hidden text-muted md:table-cell`}>{c.email}</td>
          <td className={`${tdClass} py-2 text-right whitespace-nowrap`}>
            <IconButton icon="chat" label={t("contacts.startTicket")} onClick={() => onStart(c)} data-testid="contact-start-ticket" />
            {hasFlag("useSchedules") && (
              <IconButton
                icon="calendar"
                label={t("schedules.scheduleMessage")}
                onClick={() => navigate(`/schedules?contactId=${c.id}`)}
                data-testid="contact-schedule"
              />
            )}
            <IconButton icon="edit" label={t("common.edit")} onClick={() => onEdit(c)} />
            {canDelete && <IconButton icon="trash" label={t("common.delete")} tone="danger" onClick={() => onDelete(c)} />}
          </td>
        </tr>
      ))}
    </ListTable>
  );
}
