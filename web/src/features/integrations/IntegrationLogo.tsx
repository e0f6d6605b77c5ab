import type { IntegrationType } from "@contract/schemas/integrations";

const MARKS: Record<IntegrationType, { label: string; text: string; className: string }> = {
  dialogflow: { label: "Dialogflow", text: "DF", className: "bg-orange-500 text-white" },
  n8n: { label: "n8n", text: "n8n", className: "bg-rose-500 text-white" },
  webhook: { label: "Webhook", text: "{ }", className: "bg-slate-600 text-white" },
  typebot: { label: "Typebot", text: "TB", className: "bg-sky-600 text-white" },
};

/** The type's mark in the list (R-INT-4): a coloured tile with its initials and an accessible name. */
export function IntegrationLogo({ type }: { type: IntegrationType }) {
  const m = MARKS[type];
  return (
    <span
      role="img"
      aria-label={m.label}
      title={m.label}
      className={`inline-flex size-8 shrink-0 items-center justify-center rounded-lg font-mono text-[11px] font-bold ${m.className}`}
    >
      {m.text}
    </span>
  );
}

export const typeLabel = (type: IntegrationType) => MARKS[type].label;
