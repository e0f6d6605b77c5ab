import { useT } from "../../i18n";
import { LegalPage } from "./LegalPage";

/** /term: terms of use. */
export default function TermPage() {
  const t = useT();
  return <LegalPage title={t("legal.termTitle")} paragraphs={["legal.term1", "legal.term2", "legal.term3", "legal.term4"]} />;
}
