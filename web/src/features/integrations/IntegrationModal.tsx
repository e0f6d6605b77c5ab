import { OUTBOUND_REASONS } from "@contract/outbound";
import { INTEGRATION_TYPES, QueueIntegrationBody } from "@contract/schemas/integrations";
import { useState } from "react";
import { ApiError } from "../../api/client";
import { type IntegrationInput, integrationsApi, type QueueIntegration, testIntegration } from "../../api/integrations";
import { Button } from "../../components/Button";
import { Select, TextInput } from "../../components/Field";
import { FormModal } from "../../components/FormModal";
import { useT } from "../../i18n";
import { serverFieldErrors, validate } from "../../lib/form";
import { recordKind } from "../../lib/recordKind";
import { type EditorProps, useEntityForm } from "../../lib/useEntityForm";
import { integrationsStore } from "../../stores/lists";
import { toast, toastError } from "../../stores/toast";
import { typeLabel } from "./IntegrationLogo";
import { EMPTY_INTEGRATION, IntegrationFields, type IntegrationDraft } from "./IntegrationFields";

/** What a failed test tells: what failed (OUTBOUND_REASONS), never what the service answered. */
function testFailure(t: ReturnType<typeof useT>, err: ApiError): string {
  const reason = String(err.data.reason ?? "");
  const known = (OUTBOUND_REASONS as readonly string[]).includes(reason);
  return t("integrations.testFailed", {
    reason: known ? t(`outbound.${reason}`, { status: err.data.httpStatus ?? "" }) : t("errors.ERR_INTEGRATION_TEST_FAILED"),
  });
}

/** QueueIntegration as the kit handles them: the list page and this editor. */
export const INTEGRATIONS = recordKind("integrations", "integration", integrationsApi, integrationsStore);

/** Add or edit a queue integration; "Testar" sends a test message with the form's settings. */
export function IntegrationModal(props: EditorProps<QueueIntegration>) {
  const t = useT();
  const [testing, setTesting] = useState(false);
  const { form, field, modal, setErrors } = useEntityForm(INTEGRATIONS, props, {
    empty: EMPTY_INTEGRATION,
    fill: (i: QueueIntegration): IntegrationDraft => ({
      ...i,
      language: i.language as IntegrationDraft["language"],
      typebotExpires: String(i.typebotExpires),
      typebotDelayMessage: String(i.typebotDelayMessage),
    }),
    schema: QueueIntegrationBody,
    savedText: props.id === null ? "integrations.added" : "integrations.edited",
  });

  const test = async () => {
    const checked = validate(QueueIntegrationBody, form);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setTesting(true);
    try {
      const r = await testIntegration({ ...(checked.output as IntegrationInput), id: props.id });
      toast("success", r.replies.length ? t("integrations.testReply", { reply: r.replies[0] }) : t("integrations.testOk"));
    } catch (err) {
      const fields = serverFieldErrors(err);
      if (fields) setErrors(fields);
      else if (err instanceof ApiError && err.code === "ERR_INTEGRATION_TEST_FAILED") toast("error", testFailure(t, err));
      else toastError(err);
    } finally {
      setTesting(false);
    }
  };

  return (
    <FormModal
      {...modal}
      footerStart={
        <Button variant="secondary" icon="play" loading={testing} onClick={test} data-testid="integration-test">
          {t("integrations.test")}
        </Button>
      }
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Select label={t("integrations.type")} options={INTEGRATION_TYPES.map((x) => ({ value: x, label: typeLabel(x) }))} {...field("type")} />
        <TextInput label={t("integrations.name")} autoFocus {...field("name")} />
      </div>
      <IntegrationFields type={form.type} field={field} />
    </FormModal>
  );
}
