import { LIMITS } from "@contract/limits";
import { CampaignForm } from "@contract/schemas/campaigns";
import { type Campaign, type CampaignInput, campaignMedia, campaignsApi, cancelCampaign, restartCampaign, startCampaign } from "../../api/campaigns";
import { AttachmentField } from "../../components/AttachmentField";
import { Button } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { recordKind } from "../../lib/recordKind";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { fromZoneInput, toZoneInput, zoneLabel } from "../../lib/zone";
import { withToast } from "../../stores/toast";
import { ConfirmationToggle, MessageTabs, TargetFields } from "./CampaignFields";
import { CampaignTemplate } from "./CampaignTemplate";
import { campaignsStore } from "./store";

const EMPTY: CampaignInput = {
  name: "",
  message1: "",
  message2: "",
  message3: "",
  message4: "",
  message5: "",
  confirmationMessage1: "",
  confirmationMessage2: "",
  confirmationMessage3: "",
  confirmationMessage4: "",
  confirmationMessage5: "",
  confirmation: false,
  whatsappId: null,
  contactListId: null,
  tagListId: null,
  fileListId: null,
  scheduledAt: null,
  template: null,
};

/** ISO → the value of a datetime-local input (local time), and back. */
// the start time is the company's wall clock (the zone the server starts it in), whatever the browser's
const toLocal = (iso: string | null) => (iso ? toZoneInput(iso) : "");
const toIso = (local: string) => (local ? fromZoneInput(local) : null);

/** Editable: INATIVA, CANCELADA, or PROGRAMADA more than an hour ahead (R-CMP-3). */
const editable = (c: Campaign | null) =>
  !c ||
  c.status === "INATIVA" ||
  c.status === "CANCELADA" ||
  (c.status === "PROGRAMADA" && !!c.scheduledAt && Date.parse(c.scheduledAt) - Date.now() > LIMITS.campaignEditLeadMs);

/** Campaign as the kit handles them: the list page and this editor. */
export const CAMPAIGNS = recordKind("campaigns", "campaign", campaignsApi, campaignsStore, campaignMedia);

/** The campaign dialog: read-only unless editable; Cancel while running, Restart when cancelled. */
export function CampaignModal(props: EditorProps<Campaign>) {
  const t = useT();
  const { form, setForm, errors, modal, attachment } = useEntityForm(CAMPAIGNS, props, {
    empty: EMPTY,
    fill: (c: Campaign): CampaignInput => {
      const {
        id: _i,
        status: _s,
        whatsapp: _w,
        contactList: _l,
        progress: _p,
        pauseReason: _r,
        completedAt: _c,
        mediaName: _m,
        mediaPath: _mp,
        companyId: _co,
        createdAt: _cr,
        updatedAt: _u,
        ...input
      } = c;
      return input;
    },
    schema: CampaignForm,
    // the form as typed (the schema only checks it)
    body: (_out, f) => f,
  });
  const record = attachment.current;
  const readOnly = !editable(record);
  const set = (k: keyof CampaignInput, v: unknown) => setForm((f) => ({ ...f, [k]: v }));

  const run = async (call: (id: number) => Promise<unknown>, done: string) => {
    if (record && (await withToast(() => call(record.id), done))) props.onClose();
  };
  /** Start now: what the form shows is saved first (when it may still change), then the campaign starts. */
  const startNow = () =>
    run(async (id) => {
      if (!readOnly) await campaignsApi.update(id, form);
      campaignsStore.upsert(await startCampaign(id));
    }, "campaigns.started");

  return (
    <FormModal
      {...modal}
      title={t(record ? (readOnly ? "campaigns.viewTitle" : "campaigns.editTitle") : "campaigns.addTitle")}
      size="lg"
      readOnly={readOnly}
      footerStart={
        record?.status === "EM_ANDAMENTO" ? (
          <Button variant="danger" icon="stop" onClick={() => run(cancelCampaign, "campaigns.cancelled")}>
            {t("campaigns.cancelCampaign")}
          </Button>
        ) : record?.status === "CANCELADA" ? (
          <Button variant="secondary" icon="reload" onClick={() => run(restartCampaign, "campaigns.restarted")}>
            {t("campaigns.restart")}
          </Button>
        ) : record?.status === "INATIVA" || record?.status === "PROGRAMADA" ? (
          <Button variant="secondary" icon="play" data-testid="campaign-modal-start" onClick={startNow}>
            {t("campaigns.startNow")}
          </Button>
        ) : undefined
      }
    >
      <fieldset disabled={readOnly} className="flex min-w-0 flex-col gap-4">
        {readOnly && <p className="rounded-lg bg-raised px-3 py-2 text-sm text-muted">{t("campaigns.readOnly")}</p>}
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput label={t("campaigns.name")} name="name" autoFocus value={form.name} onValue={(v) => set("name", v)} error={errors.name} />
          <TextInput
            label={t("campaigns.scheduledAt")}
            name="scheduledAt"
            type="datetime-local"
            value={toLocal(form.scheduledAt)}
            onValue={(v) => set("scheduledAt", toIso(v))}
            error={errors.scheduledAt}
            hint={`${t("campaigns.scheduleHint")} ${t("common.zoneHint", { zone: zoneLabel() })}`}
          />
        </div>
        <TargetFields form={form} set={set} open={props.open} />
        <CampaignTemplate form={form} set={set} errors={errors} />
        <ConfirmationToggle form={form} set={set} />
        <MessageTabs form={form} set={set} />
        <AttachmentField attachment={attachment} area="campaigns" testId="campaign-media" />
      </fieldset>
    </FormModal>
  );
}
