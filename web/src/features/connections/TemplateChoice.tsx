import { type TemplateChoice, templateText } from "@contract/templates";
import { useEffect, useState } from "react";
import { listTemplates, type MessageTemplate } from "../../api/connections";
import { Select, TextInput } from "../../components/Field";
import { Spinner } from "../../components/Spinner";
import { useT } from "../../i18n";
import type { FieldErrors } from "../../lib/form";
import { formatBody } from "../tickets/format";

const keyOf = (t: Pick<MessageTemplate, "name" | "language">) => `${t.name}|${t.language}`;

/** The approved templates of a Cloud API connection (null while loading; [] when none or unreachable). */
export function useTemplates(connectionId: number | null) {
  const [list, setList] = useState<MessageTemplate[] | null>(null);
  useEffect(() => {
    setList(null);
    if (!connectionId) return;
    let alive = true;
    listTemplates(connectionId).then(
      (r) => alive && setList(r.templates),
      () => alive && setList([]),
    );
    return () => {
      alive = false;
    };
  }, [connectionId]);
  return list;
}

/** The variables fillers offered under each value (message variables, filled per contact by the server). */
const FILLERS = ["{{firstName}}", "{{name}}"] as const;

/**
 * Choosing a message template and filling its variables (header first, then body), with a preview
 * of what the customer reads. Values may use {{name}} / {{firstName}} (and, in campaigns, {nome}),
 * filled for each contact when it is sent. `contactName` previews those for one contact.
 */
export function TemplateChoiceFields({
  templates,
  value,
  onValue,
  errors = {},
  contactName,
  extraFillers = [],
}: {
  templates: MessageTemplate[] | null;
  value: TemplateChoice | null;
  onValue: (v: TemplateChoice | null) => void;
  errors?: FieldErrors;
  contactName?: string;
  extraFillers?: string[];
}) {
  const t = useT();
  if (templates === null) return <Spinner className="size-5 text-brand-600" />;
  if (!templates.length) return <p className="text-sm text-muted">{t("templates.none")}</p>;
  const chosen = value ? templates.find((x) => keyOf(x) === keyOf(value)) : undefined;
  const options = [
    { value: "", label: t("templates.pick") },
    ...templates.map((x) => ({ value: keyOf(x), label: `${x.name} · ${x.language}${x.supported ? "" : ` (${t("templates.unsupported")})`}` })),
  ];
  const pick = (k: string) => {
    const next = templates.find((x) => keyOf(x) === k);
    onValue(next ? { name: next.name, language: next.language, params: next.variables.map(() => "") } : null);
  };
  const setParam = (i: number, v: string) => value && onValue({ ...value, params: value.params.map((p, j) => (j === i ? v : p)) });
  const first = (contactName ?? "").trim().split(/\s+/)[0] ?? "";
  const preview = chosen
    ? templateText(
        chosen.components,
        (value?.params ?? []).map((p) => (contactName ? p.replaceAll("{{firstName}}", first).replaceAll("{{name}}", contactName) : p)),
      )
    : "";
  return (
    <div className="flex flex-col gap-4" data-testid="template-choice">
      <Select<string> label={t("templates.template")} value={value ? keyOf(value) : ""} options={options} onValue={pick} error={errors.template} />
      {chosen && !chosen.supported && <p className="text-xs font-medium text-red-600 dark:text-red-400">{t("templates.unsupportedHint")}</p>}
      {chosen?.variables.map((v, i) => (
        <div key={`${v.component}.${v.key}`} className="flex flex-col gap-1.5">
          <TextInput
            label={t(v.component === "header" ? "templates.headerVariable" : "templates.bodyVariable", { key: v.key })}
            value={value?.params[i] ?? ""}
            onValue={(x) => setParam(i, x)}
            error={errors[`params.${i}`] ?? errors[`template.params.${i}`]}
            data-testid={`template-param-${i}`}
          />
          <div className="flex flex-wrap gap-1.5">
            {[...FILLERS, ...extraFillers].map((f) => (
              <button
                key={f}
                type="button"
                onClick={() => setParam(i, `${value?.params[i] ?? ""}${f}`)}
                className="rounded-full bg-raised px-2 py-0.5 font-mono text-[11px] text-muted ring-1 ring-line hover:text-ink"
              >
                {f}
              </button>
            ))}
          </div>
        </div>
      ))}
      {chosen && (
        <div
          className="rounded-xl bg-brand-50 px-3.5 py-2.5 text-sm whitespace-pre-wrap text-ink ring-1 ring-brand-200 dark:bg-brand-950/40 dark:ring-brand-800"
          data-testid="template-preview"
        >
          <p className="mb-1 text-[11px] font-semibold tracking-wide text-brand-700 uppercase dark:text-brand-300">{t("templates.preview")}</p>
          {formatBody(preview)}
        </div>
      )}
    </div>
  );
}
