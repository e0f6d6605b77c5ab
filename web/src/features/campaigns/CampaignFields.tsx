import { useEffect, useState } from "react";
import type { CampaignInput } from "../../api/campaigns";
import { listConnections } from "../../api/connections";
import { pickContactLists } from "../../api/contactLists";
import { listFileLists } from "../../api/fileLists";
import { listAllTags } from "../../api/tickets";
import { type Option, Select, TextArea, Toggle } from "../../components/Field";
import { Tabs } from "../../components/Tabs";
import { useT } from "../../i18n";
import { toastError } from "../../stores/toast";

type Key = keyof CampaignInput;
const N = [1, 2, 3, 4, 5] as const;

/** Messages 1-5, each with its confirmation text when confirmation is on (R-CMP-1). */
export function MessageTabs({ form, set }: { form: CampaignInput; set: (k: Key, v: unknown) => void }) {
  const t = useT();
  const [tab, setTab] = useState(0);
  return (
    <Tabs
      selected={tab}
      onChange={setTab}
      tabs={N.map((n) => ({
        key: `m${n}`,
        label: t("campaigns.messageN", { n }),
        content: (
          <div className="flex flex-col gap-3 pt-3">
            <TextArea
              label={t("campaigns.message")}
              name={`message${n}`}
              rows={4}
              value={form[`message${n}`]}
              onValue={(v) => set(`message${n}`, v)}
              hint={t("campaigns.messageHint", { template: "{{firstName}}" })}
            />
            {form.confirmation && (
              <TextArea
                label={t("campaigns.confirmationMessage")}
                name={`confirmationMessage${n}`}
                rows={3}
                value={form[`confirmationMessage${n}`]}
                onValue={(v) => set(`confirmationMessage${n}`, v)}
              />
            )}
          </div>
        ),
      }))}
    />
  );
}

/** The connection, contact list, tag and file list pickers, loaded once per opening. */
export function TargetFields({ form, set, open }: { form: CampaignInput; set: (k: Key, v: unknown) => void; open: boolean }) {
  const t = useT();
  const [opts, setOpts] = useState<{ conns: Option<number>[]; lists: Option<number>[]; tags: Option<number>[]; files: Option<number>[] }>({
    conns: [],
    lists: [],
    tags: [],
    files: [],
  });
  useEffect(() => {
    if (!open) return;
    Promise.all([listConnections(), pickContactLists(), listAllTags(), listFileLists("", 1)])
      .then(([c, l, tg, f]) =>
        setOpts({
          conns: c.map((x) => ({ value: x.id, label: x.name })),
          lists: l.map((x) => ({ value: x.id, label: `${x.name} (${x.contactsCount})` })),
          tags: tg.map((x) => ({ value: x.id, label: x.name, color: x.color })),
          files: f.files.map((x) => ({ value: x.id, label: x.name })),
        }),
      )
      .catch(toastError);
  }, [open]);
  const none = (label: string) => [{ value: 0, label }];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Select
        label={t("campaigns.connection")}
        value={form.whatsappId ?? 0}
        options={[...none(t("campaigns.noConnection")), ...opts.conns]}
        onValue={(v) => set("whatsappId", v || null)}
      />
      <Select
        label={t("campaigns.contactList")}
        value={form.contactListId ?? 0}
        options={[...none(t("campaigns.noList")), ...opts.lists]}
        onValue={(v) => set("contactListId", v || null)}
      />
      <Select
        label={t("campaigns.tagList")}
        value={form.tagListId ?? 0}
        options={[...none(t("campaigns.noTag")), ...opts.tags]}
        onValue={(v) => set("tagListId", v || null)}
      />
      <Select
        label={t("campaigns.fileList")}
        value={form.fileListId ?? 0}
        options={[...none(t("campaigns.noFileList")), ...opts.files]}
        onValue={(v) => set("fileListId", v || null)}
      />
    </div>
  );
}

/** The confirmation switch. */
export function ConfirmationToggle({ form, set }: { form: CampaignInput; set: (k: Key, v: unknown) => void }) {
  const t = useT();
  return <Toggle label={t("campaigns.confirmationSwitch")} value={form.confirmation} onValue={(v) => set("confirmation", v)} />;
}
