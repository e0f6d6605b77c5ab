import { type FormEvent, useState } from "react";
import type { SandboxCustomer } from "../../api/sandbox";
import { Button } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { useT } from "../../i18n";
import { stripMarks } from "../tickets/format";

export interface Customer {
  number: string;
  name: string;
}

/** The phone's chats, plus a form to start one as a new customer (name and number). */
export function CustomerList({ customers, current, onPick }: { customers: SandboxCustomer[]; current: string | null; onPick: (c: Customer) => void }) {
  const t = useT();
  const [name, setName] = useState("");
  const [number, setNumber] = useState("");
  const digits = number.replace(/\D/g, "");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (digits.length < 8 || digits.length > 15) return;
    onPick({ number: digits, name: name.trim() });
    setName("");
    setNumber("");
  };
  return (
    <aside className="flex flex-col rounded-card md:min-h-0 border border-line bg-surface shadow-card">
      <form onSubmit={submit} className="flex flex-col gap-2 border-b border-line p-3" data-testid="sandbox-new-customer">
        <p className="text-sm font-semibold text-ink">{t("sandbox.newCustomer")}</p>
        <TextInput label={t("sandbox.name")} name="customerName" value={name} onValue={setName} maxLength={50} />
        <TextInput label={t("sandbox.number")} name="customerNumber" inputMode="tel" placeholder="5511999998888" value={number} onValue={setNumber} />
        <Button type="submit" size="sm" icon="plus" disabled={digits.length < 8 || digits.length > 15}>
          {t("sandbox.start")}
        </Button>
      </form>
      <p className="px-3 pt-3 pb-1 text-xs font-semibold uppercase tracking-wide text-subtle">{t("sandbox.customers")}</p>
      <ul className="max-h-48 min-h-0 flex-1 overflow-y-auto p-1 md:max-h-none">
        {customers.map((c) => (
          <li key={c.number}>
            <button
              type="button"
              onClick={() => onPick({ number: c.number, name: c.name })}
              data-testid="sandbox-customer"
              className={`flex w-full flex-col rounded-lg px-3 py-2 text-left text-sm hover:bg-raised ${current === c.number ? "bg-brand-50 dark:bg-brand-500/10" : ""}`}
            >
              <span className="font-medium text-ink">{c.name || c.number}</span>
              <span className="truncate text-xs text-muted">
                {c.lastMessage.isDeleted
                  ? t("sandbox.deleted")
                  : stripMarks(c.lastMessage.body) || t(`sandbox.${c.lastMessage.type === "text" ? "placeholder" : c.lastMessage.type}`)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
