import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { type Contact, setContactOptOut } from "../../api/contacts";
import { Button } from "../../components/Button";
import { Icon } from "../../components/Icon";
import { useT } from "../../i18n";
import { formatDateTime } from "../../lib/format";
import { contactsStore } from "../../stores/lists";
import { allowed } from "../../stores/session";
import { toastError } from "../../stores/toast";

/**
 * Whether the contact receives campaigns: "opted out since …" when they answered one with an opt-out
 * word (or an admin marked them), and for admins the switch back (or out, when asked by phone).
 */
export function OptOutField({ contact, onChange }: { contact: Pick<Contact, "id" | "optedOutAt">; onChange: (c: Contact) => void }) {
  useSignals();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const admin = allowed("contacts:optOut");
  const out = !!contact.optedOutAt;
  if (!out && !admin) return null;
  const change = async (optedOut: boolean) => {
    setBusy(true);
    try {
      const saved = await setContactOptOut(contact.id, optedOut);
      contactsStore.upsert(saved, false);
      onChange(saved);
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      data-testid="contact-opt-out"
      data-opted-out={out ? "true" : "false"}
      className={`flex flex-wrap items-center gap-3 rounded-lg px-3 py-2 text-sm sm:col-span-2 ${out ? "bg-amber-50 text-amber-900 dark:bg-amber-500/10 dark:text-amber-200" : "bg-raised text-muted"}`}
    >
      <Icon name={out ? "eyeOff" : "send"} className="size-4 shrink-0" />
      <span className="min-w-0 flex-1 basis-56">
        {out ? t("contacts.optedOutSince", { when: formatDateTime(contact.optedOutAt) }) : t("contacts.receivesCampaigns")}
      </span>
      {admin && (
        <Button size="sm" variant="secondary" loading={busy} onClick={() => void change(!out)}>
          {t(out ? "contacts.optBackIn" : "contacts.optOut")}
        </Button>
      )}
    </div>
  );
}
