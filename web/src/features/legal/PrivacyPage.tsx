import { useT } from "../../i18n";
import { LegalPage } from "./LegalPage";

/** /privacy: privacy policy. */
export default function PrivacyPage() {
  const t = useT();
  return <LegalPage title={t("legal.privacyTitle")} paragraphs={["legal.privacy1", "legal.privacy2", "legal.privacy3", "legal.privacy4"]} />;
}
