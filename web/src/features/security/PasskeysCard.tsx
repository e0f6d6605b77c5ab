import type { PasskeyDto, SecurityDto } from "@contract/dto/auth";
import { useState } from "react";
import { addPasskey, passkeyOptions, removePasskey } from "../../api/security";
import { Button, IconButton } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { Icon } from "../../components/Icon";
import { Modal } from "../../components/Modal";
import { useT } from "../../i18n";
import { formatDateTime } from "../../lib/format";
import { toast, toastError } from "../../stores/toast";
import { createPasskey, passkeysSupported } from "./passkey";
import { PasswordPrompt } from "./PasswordPrompt";
import { RecoveryCodes } from "./RecoveryCodes";

/** The user's passkeys: named, listed, added (the browser creates it) and removed. */
export function PasskeysCard({ security, onChanged }: { security: SecurityDto; onChanged: () => void }) {
  const t = useT();
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState("");
  const [removing, setRemoving] = useState<PasskeyDto | null>(null);
  const [adding, setAdding] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);
  const add = async (password: string) => {
    try {
      const start = await passkeyOptions(password);
      setAdding(false);
      const response = await createPasskey(start.options);
      if (!response) return;
      const res = await addPasskey(start.challenge, name.trim() || t("security.defaultPasskeyName"), response);
      toast("success", t("security.passkeyAdded"));
      if (res.recoveryCodes) setCodes(res.recoveryCodes);
      onChanged();
    } catch (err) {
      toastError(err);
    }
  };
  const remove = async (password: string) => {
    try {
      await removePasskey(removing!.id, password);
      setRemoving(null);
      toast("success", t("security.passkeyRemoved"));
      onChanged();
    } catch (err) {
      toastError(err);
    }
  };
  return (
    <section className="space-y-3 rounded-2xl border border-line bg-surface p-5" data-testid="passkeys-card">
      <h2 className="text-base font-semibold text-ink">{t("security.passkeysTitle")}</h2>
      <p className="text-sm text-muted">{t("security.passkeysText")}</p>
      {security.passkeys.length > 0 && (
        <ul className="divide-y divide-line rounded-xl border border-line">
          {security.passkeys.map((p) => (
            <li key={p.id} className="flex items-center gap-3 px-4 py-2.5" data-testid="passkey-row">
              <Icon name="key" className="size-5 shrink-0 text-subtle" />
              <div className="min-w-0 flex-1 text-sm">
                <p className="truncate font-medium text-ink">{p.name}</p>
                <p className="text-xs text-muted">
                  {t("security.passkeyLine", { created: formatDateTime(p.createdAt), used: p.lastUsedAt ? formatDateTime(p.lastUsedAt) : "—" })}
                </p>
              </div>
              <IconButton icon="trash" tone="danger" label={t("common.delete")} onClick={() => setRemoving(p)} />
            </li>
          ))}
        </ul>
      )}
      {passkeysSupported() ? (
        <Button variant="secondary" icon="plus" onClick={() => setNaming(true)} data-testid="passkey-add">
          {t("security.addPasskey")}
        </Button>
      ) : (
        <p className="text-sm text-subtle">{t("security.passkeysUnsupported")}</p>
      )}
      <Modal
        open={naming}
        onClose={() => setNaming(false)}
        title={t("security.addPasskey")}
        size="sm"
        footer={
          <Button
            onClick={() => {
              setNaming(false);
              setAdding(true);
            }}
            data-testid="passkey-name-next"
          >
            {t("common.confirm")}
          </Button>
        }
      >
        <TextInput label={t("security.passkeyName")} value={name} onValue={setName} maxLength={60} placeholder={t("security.defaultPasskeyName")} autoFocus />
      </Modal>
      <PasswordPrompt open={adding} title={t("security.addPasskey")} onSubmit={add} onClose={() => setAdding(false)} />
      <PasswordPrompt
        open={!!removing}
        title={t("security.removePasskey", { name: removing?.name ?? "" })}
        onSubmit={remove}
        onClose={() => setRemoving(null)}
      />
      <Modal open={!!codes} onClose={() => setCodes(null)} title={t("security.codesTitle")}>
        {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
      </Modal>
    </section>
  );
}
