import { type FormEvent, useState } from "react";
import { Button } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { Modal } from "../../components/Modal";
import { useT } from "../../i18n";

/** Asks for the current password before a change to one's second factors (a stolen session alone cannot make it). */
export function PasswordPrompt({
  open,
  title,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  onSubmit: (password: string) => Promise<void>;
  onClose: () => void;
}) {
  const t = useT();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return;
    setBusy(true);
    try {
      await onSubmit(password);
    } finally {
      setBusy(false);
      setPassword("");
    }
  };
  return (
    <Modal open={open} onClose={onClose} title={title} size="sm">
      <form onSubmit={submit} noValidate className="space-y-4" data-testid="password-prompt">
        <p className="text-sm text-muted">{t("security.passwordPrompt")}</p>
        <TextInput label={t("auth.password")} type="password" autoComplete="current-password" autoFocus value={password} onValue={setPassword} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t("common.cancel")}
          </Button>
          <Button type="submit" loading={busy} data-testid="password-prompt-submit">
            {t("common.confirm")}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
