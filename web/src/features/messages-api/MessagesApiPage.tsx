import { useState } from "react";
import { SEND_PATH } from "../../api/externalApi";
import { IconButton } from "../../components/Button";
import { Card, Page } from "../../components/Page";
import { useT } from "../../i18n";
import { toast } from "../../stores/toast";
import { ApiTestForm } from "./ApiTestForm";

function CodeBlock({ code, label }: { code: string; label: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard?.writeText(code).then(
      () => {
        setCopied(true);
        toast("success", t("messagesApi.copied"));
        setTimeout(() => setCopied(false), 1500);
      },
      () => undefined,
    );
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center justify-between">
        <span className="text-sm font-medium text-ink">{label}</span>
        <IconButton icon={copied ? "check" : "copy"} label={t("messagesApi.copy")} onClick={copy} />
      </div>
      <pre className="overflow-x-auto rounded-lg bg-raised p-3 text-xs leading-relaxed text-ink" data-testid="curl">
        {code}
      </pre>
    </div>
  );
}

/** /messages-api (R-API-12): how to call the send API, with copyable examples and two test forms. */
export default function MessagesApiPage() {
  const t = useT();
  const url = `${location.origin}${SEND_PATH}`;
  const text = `curl -X POST '${url}' \\\n  -H 'Authorization: Bearer TOKEN' \\\n  -H 'Content-Type: application/json' \\\n  -d '{"number": "5511912345678", "body": "${t("messagesApi.sampleGreeting")} {{firstName}}!"}'`;
  const media = `curl -X POST '${url}' \\\n  -H 'Authorization: Bearer TOKEN' \\\n  -F 'number=5511912345678' \\\n  -F 'body=${t("messagesApi.sampleCaption")}' \\\n  -F 'medias=@${t("messagesApi.samplePath")}'`;
  return (
    <Page title={t("messagesApi.title")} subtitle={t("messagesApi.subtitle")}>
      <Card>
        <h2 className="text-lg font-semibold text-ink">{t("messagesApi.docTitle")}</h2>
        <ul className="list-disc space-y-1.5 pl-5 text-sm text-muted">
          <li>
            {t("messagesApi.endpoint")} <code className="rounded bg-raised px-1.5 py-0.5 text-xs text-ink">POST {SEND_PATH}</code>
          </li>
          <li>{t("messagesApi.auth")}</li>
          <li>{t("messagesApi.numberRule")}</li>
          <li>{t("messagesApi.limits")}</li>
          <li>
            {t("messagesApi.openapi")}{" "}
            <a className="font-medium text-brand-600 hover:underline" href="/api/openapi.json" target="_blank" rel="noreferrer">
              /api/openapi.json
            </a>
          </li>
        </ul>
        <CodeBlock label={t("messagesApi.exampleText")} code={text} />
        <CodeBlock label={t("messagesApi.exampleMedia")} code={media} />
      </Card>
      <div className="grid gap-5 md:grid-cols-2">
        <Card className="">
          <ApiTestForm media={false} />
        </Card>
        <Card className="">
          <ApiTestForm media />
        </Card>
      </div>
    </Page>
  );
}
