import { Elysia } from "elysia";
import { IdParam } from "../../contract/schemas/common";
import { InvoiceQuery, InvoiceUpdateBody, PixWebhookBody, SubscriptionBody } from "../../contract/schemas/invoices";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { createPixCharge, handlePixWebhook } from "../../modules/invoices";
import { listInvoices, markInvoicePaid } from "../../modules/invoices";

/** /invoices and /subscription routes (R-API-1, R-BILL-8). */
export const invoicesRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/invoices/all", ({ ctx, query }) => listInvoices(ctx, parse(InvoiceQuery, query)))
    .put("/invoices/:id", ({ ctx, params, body }) => {
      parse(InvoiceUpdateBody, body);
      return markInvoicePaid(ctx, parse(IdParam, params).id);
    })
    .post("/subscription", ({ ctx, body }) => createPixCharge(ctx, parse(SubscriptionBody, body)))
    .post("/subscription/webhook", ({ request, body }) => handlePixWebhook(deps, request.headers.get("x-webhook-secret"), parse(PixWebhookBody, body)));
