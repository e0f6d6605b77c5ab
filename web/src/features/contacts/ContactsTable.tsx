import type { Contact } from "../../api/contacts";
import { Badge } from "../../components/Badge";
import { useT } from "../../i18n";
import { Avatar } from "../tickets/list/Avatar";

/** The contacts table's first cell: picture (or initials, as in the tickets), name with the opted-out badge, and on small screens the number. */
export function ContactName({ contact: c }: { contact: Contact }) {
  const t = useT();
  return (
    <div className="flex min-w-0 items-center gap-3">
      <Avatar name={c.name} url={c.profilePicUrl} size={36} />
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
  );
}
