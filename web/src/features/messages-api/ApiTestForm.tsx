import { type FormEvent, useRef, useState } from "react";
import { ApiError } from "../../api/client";
import { sendWithToken } from "../../api/externalApi";
import { Button } from "../../components/Button";
import { TextArea, TextInput } from "../../components/Field";
import { useT } from "../../i18n";
import { toast, toastError } from "../../stores/toast";

type Errors = Partial<Record<"token" | "number" | "body" | "file", string>>;

/**
 * One of the page's two test forms (R-API-12): token, number (no mask: country, area code,
 * number) and a text, or a file. Token, number and the text or file are required.
 */
export function ApiTestForm({ media }: { media: boolean }) {
  const t = useT();
  const [token, setToken] = useState("");
  const [number, setNumber] = useState("");
  const [body, setBody] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const id = media ? "api-media" : "api-text";

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found: Errors = {};
    if (!token.trim()) found.token = "validation.required";
    if (!number.trim()) found.number = "validation.required";
    if (media && !file) found.file = "validation.required";
    if (!media && !body.trim()) found.body = "validation.required";
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await sendWithToken(token.trim(), number.trim(), body, media ? file : null);
      toast("success", t("messagesApi.sent"));
      setBody("");
      setFile(null);
      if (fileInput.current) fileInput.current.value = "";
    } catch (err) {
      if (err instanceof ApiError && err.code === "ERR_VALIDATION") setErrors(err.fields as Errors);
      else toastError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid={id} noValidate>
      <h3 className="text-base font-semibold text-ink">{t(media ? "messagesApi.testMedia" : "messagesApi.testText")}</h3>
      <TextInput label={t("messagesApi.token")} name="token" value={token} onValue={setToken} error={errors.token} autoComplete="off" />
      <TextInput
        label={t("messagesApi.number")}
        name="number"
        inputMode="numeric"
        value={number}
        onValue={setNumber}
        error={errors.number}
        hint={t("messagesApi.numberHint")}
      />
      <TextArea label={t(media ? "messagesApi.caption" : "messagesApi.body")} name="body" value={body} onValue={setBody} error={errors.body} />
      {media && (
        <div className="flex flex-col gap-1.5 text-sm font-medium text-ink">
          {t("messagesApi.file")}
          {/* the native picker speaks the browser's language: a button and the name in ours */}
          <input ref={fileInput} type="file" name="medias" className="hidden" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          <div className="flex min-w-0 items-center gap-3">
            <Button variant="secondary" size="sm" icon="paperclip" onClick={() => fileInput.current?.click()}>
              {t("messagesApi.chooseFile")}
            </Button>
            <span className="truncate font-normal text-muted">{file?.name ?? t("messagesApi.noFile")}</span>
          </div>
          {errors.file && (
            <span className="text-xs font-medium text-red-600" role="alert">
              {t(errors.file)}
            </span>
          )}
        </div>
      )}
      <div>
        <Button type="submit" icon="send" loading={busy}>
          {t("messagesApi.send")}
        </Button>
      </div>
    </form>
  );
}
