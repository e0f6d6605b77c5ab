import { type FormEvent, useRef, useState } from "react";
import type { SandboxSend, SandboxType } from "../../api/sandbox";
import { Button, IconButton } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { Icon } from "../../components/Icon";
import { Menu } from "../../components/Menu";
import { useT } from "../../i18n";

/** What the composer sends; the page adds the customer (number, name). */
export type Payload = Omit<SandboxSend, "number" | "name">;

const ACCEPT: Record<"image" | "audio" | "document", string> = {
  image: "image/png,image/jpeg,image/gif,image/webp",
  audio: "audio/mpeg,audio/ogg,audio/mp4,audio/wav,.mp3,.ogg,.opus,.m4a,.wav",
  document: ".pdf,.txt,.csv,.doc,.docx,.xls,.xlsx",
};

/** The phone's input: text, and from the attach menu images, audio, documents, a location or a contact card. */
export function Composer({ onSend, disabled }: { onSend: (p: Payload) => Promise<boolean>; disabled: boolean }) {
  const t = useT();
  const [text, setText] = useState("");
  /** Counts the edits of the text: what was typed while a send was under way stays, even the same words again. */
  const edits = useRef(0);
  const [busy, setBusy] = useState(false);
  const [panel, setPanel] = useState<"location" | "contact" | null>(null);
  const [loc, setLoc] = useState({ latitude: "-23.5505", longitude: "-46.6333", name: "" });
  const [card, setCard] = useState({ name: "", number: "" });
  const file = useRef<HTMLInputElement>(null);
  const [fileType, setFileType] = useState<"image" | "audio" | "document">("image");

  const go = async (p: Payload) => {
    setBusy(true);
    try {
      return await onSend(p);
    } finally {
      setBusy(false);
    }
  };
  const submitText = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    const at = edits.current;
    // what was typed while the send was under way stays (the answer may come after the bot's reply)
    if ((await go({ type: "text", body: text })) && edits.current === at) setText("");
  };
  const pick = (type: "image" | "audio" | "document") => {
    setFileType(type);
    setTimeout(() => file.current?.click(), 0);
  };
  const sendFile = async (f: File | undefined) => {
    if (!f) return;
    const at = edits.current;
    await go({ type: fileType as SandboxType, file: f, body: text });
    if (edits.current === at) setText("");
    if (file.current) file.current.value = "";
  };
  const sendLocation = async () => {
    if (await go({ type: "location", latitude: Number(loc.latitude), longitude: Number(loc.longitude), body: loc.name })) setPanel(null);
  };
  const sendContact = async () => {
    const digits = card.number.replace(/\D/g, "");
    const vcard = `BEGIN:VCARD\nVERSION:3.0\nN:;${card.name};;;\nFN:${card.name}\nTEL;type=CELL;waid=${digits}:+${digits}\nEND:VCARD`;
    if (await go({ type: "contact", vcard, body: card.name })) setPanel(null);
  };

  return (
    <div className="border-t border-line bg-raised/60 p-2">
      {panel === "location" && (
        <div className="mb-2 grid grid-cols-2 gap-2 rounded-lg bg-surface p-3" data-testid="sandbox-location">
          <TextInput label={t("sandbox.latitude")} value={loc.latitude} onValue={(v) => setLoc({ ...loc, latitude: v })} inputMode="decimal" />
          <TextInput label={t("sandbox.longitude")} value={loc.longitude} onValue={(v) => setLoc({ ...loc, longitude: v })} inputMode="decimal" />
          <div className="col-span-2">
            <TextInput label={t("sandbox.locationName")} value={loc.name} onValue={(v) => setLoc({ ...loc, name: v })} />
          </div>
          <Button size="sm" variant="secondary" onClick={() => setPanel(null)}>
            {t("common.cancel")}
          </Button>
          <Button size="sm" loading={busy} onClick={sendLocation}>
            {t("sandbox.send")}
          </Button>
        </div>
      )}
      {panel === "contact" && (
        <div className="mb-2 grid grid-cols-2 gap-2 rounded-lg bg-surface p-3" data-testid="sandbox-contact">
          <TextInput label={t("sandbox.contactName")} value={card.name} onValue={(v) => setCard({ ...card, name: v })} />
          <TextInput label={t("sandbox.contactNumber")} value={card.number} onValue={(v) => setCard({ ...card, number: v })} inputMode="tel" />
          <Button size="sm" variant="secondary" onClick={() => setPanel(null)}>
            {t("common.cancel")}
          </Button>
          <Button size="sm" loading={busy} disabled={!card.name.trim() || card.number.replace(/\D/g, "").length < 8} onClick={sendContact}>
            {t("sandbox.send")}
          </Button>
        </div>
      )}
      <form onSubmit={submitText} className="flex items-center gap-1">
        <input ref={file} type="file" className="hidden" accept={ACCEPT[fileType]} data-testid="sandbox-file" onChange={(e) => sendFile(e.target.files?.[0])} />
        <Menu
          label={t("sandbox.attach")}
          trigger={<Icon name="plus" className="size-5" />}
          items={[
            { label: t("sandbox.image"), icon: "paperclip", onSelect: () => pick("image") },
            { label: t("sandbox.audio"), icon: "mic", onSelect: () => pick("audio") },
            { label: t("sandbox.document"), icon: "file", onSelect: () => pick("document") },
            { label: t("sandbox.location"), icon: "mapPin", onSelect: () => setPanel("location") },
            { label: t("sandbox.contact"), icon: "contact", onSelect: () => setPanel("contact") },
          ]}
        />
        <input
          value={text}
          onChange={(e) => {
            edits.current++;
            setText(e.target.value);
          }}
          disabled={disabled}
          placeholder={t("sandbox.placeholder")}
          data-testid="sandbox-input"
          className="h-10 min-w-0 flex-1 rounded-full border border-line bg-surface px-4 text-sm text-ink focus:border-brand-500 focus:outline-none"
        />
        <IconButton type="submit" icon="send" label={t("sandbox.send")} disabled={disabled || busy || !text.trim()} data-testid="sandbox-send" />
      </form>
    </div>
  );
}
