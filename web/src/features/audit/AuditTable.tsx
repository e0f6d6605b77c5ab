import type { AuditEntryDto } from "@contract/dto/audit";
import { ListTable } from "../../components/ListPage";
import { useT } from "../../i18n";
import { eventKey } from "./events";
import { formatDateTime } from "../../lib/format";

const show = (v: unknown) => (v === null || v === undefined || v === "" ? "∅" : String(v));

/** Entries of the audit log: when, who, what, which object, from where, and the changed fields. */
export function AuditTable({ entries, loading }: { entries: AuditEntryDto[]; loading: boolean }) {
  const t = useT();
  return (
    <ListTable
      loading={loading}
      rows={entries}
      rowTestId="audit-row"
      rowClass={() => "align-top hover:bg-raised/60"}
      columns={[
        {
          label: "audit.when",
          className: "text-muted tabular-nums",
          cell: (e) => (
            <>
              <span className="whitespace-nowrap">{formatDateTime(e.at)}</span>
              <span className="mt-1 block max-w-36 text-xs break-words text-ink md:hidden">{e.actorName}</span>
            </>
          ),
        },
        {
          label: "audit.who",
          from: "md",
          className: "max-w-48 break-words",
          cell: (e) => (
            <>
              <span className="text-ink">{e.actorName}</span>
              {e.actorType !== "user" && <span className="block text-xs text-subtle">{t(`audit.actors.${e.actorType}`)}</span>}
            </>
          ),
        },
        { label: "audit.what", cell: (e) => <AuditWhat entry={e} /> },
        {
          label: "audit.object",
          from: "md",
          className: "max-w-56 break-words",
          cell: (e) => (
            <>
              <span className="text-ink">{e.targetLabel || e.targetId}</span>
              <span className="block text-xs text-subtle">{[e.targetType, e.targetId].filter(Boolean).join(" #")}</span>
            </>
          ),
        },
        { label: "audit.address", from: "lg", className: "font-mono text-xs text-muted", cell: (e) => e.address },
      ]}
    />
  );
}

/** What happened: the event's words and name, the changed fields, and on small screens the object. */
function AuditWhat({ entry: e }: { entry: AuditEntryDto }) {
  const t = useT();
  return (
    <>
      <p className="font-medium text-ink" data-testid="audit-event">
        {t(eventKey(e.event))}
      </p>
      <p className="font-mono text-[11px] text-subtle">{e.event}</p>
      {e.changes && (
        <ul className="mt-1 space-y-0.5 text-xs text-muted">
          {Object.entries(e.changes).map(([field, [before, after]]) => (
            <li key={field} className="break-words">
              <span className="font-medium">{field}</span>: {show(before)} → {show(after)}
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-muted md:hidden">{[e.targetType, e.targetLabel || e.targetId].filter(Boolean).join(" · ")}</p>
    </>
  );
}
