import { useSignals } from "@preact/signals-react/runtime";
import { useState } from "react";
import { Button } from "../../components/Button";
import { TextInput } from "../../components/Field";
import { Card, Page } from "../../components/Page";
import { useT } from "../../i18n";
import { daysUntil, formatDate } from "../../lib/format";
import { company, user } from "../../stores/session";
import { CheckoutModal } from "./CheckoutModal";

/**
 * R-BILL-13: the trial days left are the absolute day difference between today and the expiration, counted in
 * the company's days (as the server's due date is), so a 7-day trial says 7 whatever the browser's zone or hour.
 */
export function trialDaysLeft(dueDate: string, now = Date.now()): number {
  return Math.abs(daysUntil(dueDate, new Date(now)));
}

/** /subscription (R-BILL-13): the trial field, the billing email and "Assine Agora!" (the checkout). */
export default function SubscriptionPage() {
  useSignals();
  const t = useT();
  const [open, setOpen] = useState(false);
  const c = company.value;
  if (!c) return null;
  const days = c.dueDate ? trialDaysLeft(c.dueDate) : 0;
  return (
    <Page title={t("subscription.title")} subtitle={t("subscription.subtitle")} width="xl">
      <Card testId="subscription-card">
        <TextInput
          label={t("subscription.trial")}
          name="trial"
          readOnly
          value={c.dueDate ? t("subscription.trialDays", { count: days, date: formatDate(c.dueDate) }) : "—"}
          onValue={() => undefined}
        />
        <TextInput label={t("subscription.email")} name="billingEmail" readOnly value={user.value?.email ?? c.email} onValue={() => undefined} />
        <Button icon="check" onClick={() => setOpen(true)} data-testid="subscribe">
          {t("subscription.subscribe")}
        </Button>
      </Card>
      <CheckoutModal open={open} invoice={null} onClose={() => setOpen(false)} />
    </Page>
  );
}
