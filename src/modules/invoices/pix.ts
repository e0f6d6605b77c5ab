import QRCode from "qrcode";
import type { PixChargeDto } from "../../contract/dto/invoices";
import type { SubscriptionInput } from "../../contract/schemas/invoices";
import type { Ctx, Deps } from "../../core/deps";
import { AppError } from "../../core/errors";
import { log } from "../../lib/logger";
import { findPlatformCompany, getCompanyPlan } from "../companies";
import { findPlan } from "../plans";
import { getSetting } from "../settings";
import { ensureInvoice } from "./billing";
import { attachCharge, confirmPayment, invoiceByTxid, reachableInvoice } from "./service";

/** The platform's Pix receiver, from the platform company's settings (set by a super user). */
export async function pixReceiver(deps: Deps) {
  const platform = await findPlatformCompany(deps.db);
  if (!platform) return null;
  const get = async (key: string) => (await getSetting(deps, platform.id, key)).trim();
  return { key: await get("pixKey"), name: await get("pixMerchantName"), city: await get("pixMerchantCity"), secret: await get("pixWebhookSecret") };
}

/** A txid the PSP echoes back: letters and digits only, 25 characters (the static BR Code limit), naming the invoice. */
const newTxid = (invoiceId: number) => `BLC${String(invoiceId).padStart(8, "0")}${crypto.randomUUID().replace(/-/g, "").slice(0, 14)}`.toUpperCase();

/**
 * POST /subscription: a Pix charge for the company's invoice (the one named, else the current due
 * date's), for the value of the plan chosen at checkout. Answers the BR Code ("copia e cola") with
 * the amount and a txid tied to the invoice, and its QR code image.
 */
export async function createPixCharge(ctx: Ctx, input: SubscriptionInput): Promise<PixChargeDto> {
  const current = await getCompanyPlan(ctx.db, ctx.companyId);
  if (!current) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
  const plan = input.planId ? await findPlan(ctx.db, input.planId) : current.plan;
  if (!plan || (plan.id !== current.plan.id && !plan.isPublic)) throw new AppError("ERR_NO_PLAN_FOUND", 400);
  if (plan.value <= 0) throw new AppError("ERR_BAD_REQUEST", 400);
  const invoice = input.invoiceId
    ? await reachableInvoice(ctx, input.invoiceId)
    : (await ensureInvoice(ctx.db, { id: ctx.companyId, dueDate: current.company.dueDate ?? new Date().toISOString().slice(0, 10) }, plan)).row;
  if (invoice.companyId !== ctx.companyId) throw new AppError("ERR_NO_INVOICE_FOUND", 404);
  if (invoice.status === "paid") throw new AppError("ERR_INVOICE_ALREADY_PAID", 409);
  const receiver = await pixReceiver(ctx);
  if (!receiver?.key || !receiver.name || !receiver.city) throw new AppError("ERR_PAYMENT_NOT_CONFIGURED", 503);
  const txid = newTxid(invoice.id);
  // Loaded on the first checkout (~60 ms of import that a cold start does not need).
  const { createStaticPix, hasError } = await import("pix-utils");
  const pix = createStaticPix({
    merchantName: receiver.name.slice(0, 25),
    merchantCity: receiver.city.slice(0, 15),
    pixKey: receiver.key,
    infoAdicional: `Fatura ${invoice.id}`,
    transactionAmount: plan.value,
    txid,
  });
  if (hasError(pix)) {
    log.warn("pix code refused", { error: pix.message });
    throw new AppError("ERR_PAYMENT_NOT_CONFIGURED", 503);
  }
  const code = pix.toBRCode();
  await attachCharge(ctx.db, invoice.id, txid, plan);
  return {
    invoiceId: invoice.id,
    txid,
    valor: { original: plan.value.toFixed(2) },
    qrcode: { qrcode: code, imagemQrcode: await QRCode.toDataURL(code, { margin: 1, width: 280 }) },
  };
}

/** Constant-time comparison of the shared secret. */
function sameSecret(given: string, expected: string) {
  const a = new TextEncoder().encode(given);
  const b = new TextEncoder().encode(expected);
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i] ^ b[i];
  return diff === 0;
}

/**
 * POST /subscription/webhook: the PSP's paid notification, authenticated by the shared secret
 * (header x-webhook-secret). Each txid of an invoice whose amount is covered confirms that invoice
 * once; unknown txids, short amounts and replays change nothing.
 */
export async function handlePixWebhook(deps: Deps, secret: string | null, body: { evento?: string; pix?: { txid: string; valor: string }[] }) {
  const receiver = await pixReceiver(deps);
  if (!receiver?.secret || !secret || !sameSecret(secret, receiver.secret)) throw new AppError("ERR_WEBHOOK_SECRET_INVALID", 401);
  let confirmed = 0;
  for (const p of body.pix ?? []) {
    const inv = await invoiceByTxid(deps.db, p.txid);
    if (!inv) {
      log.warn("pix notification for an unknown txid", { txid: p.txid });
      continue;
    }
    if (Math.round(Number(p.valor) * 100) < Math.round(inv.value * 100)) {
      log.warn("pix notification below the invoice value", { txid: p.txid, valor: p.valor, invoiceId: inv.id });
      continue;
    }
    if (await confirmPayment(deps, inv.id, `pix ${p.txid}`)) confirmed++;
  }
  return { ok: true, confirmed };
}
