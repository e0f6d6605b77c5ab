import { useEffect, useState } from "react";
import { type AuditFilters as Filters, type AuditPageDto, exportAudit, listAudit } from "../../api/audit";
import { Button } from "../../components/Button";
import { EmptyState } from "../../components/EmptyState";
import { ListPage } from "../../components/ListPage";
import { useT } from "../../i18n";
import { toastError } from "../../stores/toast";
import { AuditFilters } from "./AuditFilters";
import { AuditTable } from "./AuditTable";

/** /audit (admins): who did what, filtered by user, event, object and period, paged, exported as CSV. */
export default function AuditPage() {
  const t = useT();
  const [filters, setFilters] = useState<Filters>({});
  const [page, setPage] = useState(1);
  const [data, setData] = useState<AuditPageDto | null>(null);
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    setLoading(true);
    const timer = setTimeout(() => {
      listAudit(filters, page)
        .then(setData, toastError)
        .finally(() => setLoading(false));
    }, 250);
    return () => clearTimeout(timer);
  }, [filters, page]);
  const filter = (f: Filters) => {
    setFilters(f);
    setPage(1);
  };
  const download = async () => {
    try {
      const blob = await exportAudit(filters);
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = `audit-${new Date().toISOString().slice(0, 10)}.csv`;
      a.click();
      URL.revokeObjectURL(a.href);
    } catch (err) {
      toastError(err);
    }
  };
  const entries = data?.entries ?? [];
  const pages = Math.max(1, Math.ceil((data?.count ?? 0) / 50));
  return (
    <ListPage
      title={t("audit.title")}
      count={t("audit.total", { count: data?.count ?? 0 })}
      loading={loading && !data}
      itemCount={entries.length}
      testId="audit-scroll"
      actions={
        <Button variant="secondary" icon="download" onClick={download} className="w-full sm:w-auto" data-testid="audit-export">
          {t("audit.export")}
        </Button>
      }
    >
      <AuditFilters value={filters} onChange={filter} />
      {data && !entries.length && <EmptyState icon="shield" title={t("audit.empty")} hint={t("audit.emptyHint")} />}
      {entries.length > 0 && <AuditTable entries={entries} loading={loading} />}
      {pages > 1 && (
        <div className="flex items-center justify-end gap-2 text-sm text-muted" data-testid="audit-paging">
          <Button variant="secondary" size="sm" icon="chevronLeft" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t("audit.previous")}
          </Button>
          <span className="tabular-nums">{t("audit.page", { page, pages })}</span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t("audit.next")}
          </Button>
        </div>
      )}
    </ListPage>
  );
}
