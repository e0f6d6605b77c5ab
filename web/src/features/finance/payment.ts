import type { FrameOf } from "@contract/frames";
import { navigate } from "wouter/use-browser-location";
import { t } from "../../i18n";
import { formatDate } from "../../lib/format";
import { save } from "../../lib/storage";
import { user } from "../../stores/session";
import { toast } from "../../stores/toast";

/** R-BILL-9: after the renewal notice the app goes to / after 4 s. */
export const RENEWED_REDIRECT_MS = 4_000;

/** `payment` CONCLUIDA: the company's invoice was paid; show the new due date, then go to /. */
export function onPaymentFrame(f: FrameOf<"payment">) {
  const u = user.peek();
  if (!u || u.companyId !== f.company.id) return;
  user.value = { ...u, company: { ...u.company, dueDate: f.company.dueDate } };
  save("companyDueDate", f.company.dueDate);
  toast("success", t("checkout.renewed", { date: formatDate(f.company.dueDate) }), RENEWED_REDIRECT_MS);
  setTimeout(() => navigate("/"), RENEWED_REDIRECT_MS);
}
