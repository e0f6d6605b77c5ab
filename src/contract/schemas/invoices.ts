import * as v from "valibot";
import { idField, MSG, pageNumberField, searchField } from "./common";

const text = (max: number) => v.optional(v.pipe(v.string(MSG.invalid), v.trim(), v.maxLength(max, MSG.tooLong)), "");
const required = (max: number) => v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.maxLength(max, MSG.tooLong));

/** POST /subscription: the checkout's fields (R-BILL-10); the amount is the server's. */
export const SubscriptionBody = v.object({
  firstName: required(100),
  lastName: text(100),
  address2: required(200),
  city: required(80),
  state: text(80),
  zipcode: required(20),
  country: v.picklist(["BR", "usa"], MSG.invalid),
  /** The invoice to pay; the company's current one when absent. */
  invoiceId: v.optional(idField),
  /** The plan chosen in the Personalizar step; the current plan when absent. */
  planId: v.optional(idField),
  price: v.optional(v.unknown()),
  users: v.optional(v.unknown()),
  connections: v.optional(v.unknown()),
  plan: v.optional(v.unknown()),
});
export type SubscriptionInput = v.InferOutput<typeof SubscriptionBody>;

/** PUT /invoices/{id} (super users): mark an invoice paid. */
export const InvoiceUpdateBody = v.object({ status: v.literal("paid", MSG.invalid) });

/** GET /invoices/all: search, page, and (super users) another company. */
export const InvoiceQuery = v.object({
  searchParam: searchField,
  pageNumber: pageNumberField(),
  companyId: v.optional(idField),
});

/** The Pix notification of a PSP (Efí style): `{ pix: [{ txid, valor }] }`, or its test event. */
export const PixWebhookBody = v.object({
  evento: v.optional(v.string()),
  pix: v.optional(
    v.pipe(
      v.array(
        v.object({
          txid: v.pipe(v.string(MSG.required), v.regex(/^[A-Za-z0-9]{1,35}$/, MSG.invalid)),
          valor: v.pipe(v.string(MSG.required), v.regex(/^\d{1,10}\.\d{2}$/, MSG.invalid)),
        }),
      ),
      v.maxLength(100, MSG.invalid),
    ),
  ),
});

const must = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(200, MSG.tooLong));

/** Step Dados of the web checkout, with its messages (R-BILL-10). */
export const CheckoutForm = v.pipe(
  v.object({
    firstName: must("validation.fullNameRequired"),
    address2: must("validation.addressRequired"),
    city: must("validation.cityRequired"),
    zipcode: must("validation.zipRequired"),
    country: v.picklist(["BR", "usa"], "validation.countryRequired"),
  }),
  v.forward(
    v.check((f) => (f.country === "BR" ? /^\d{5}-?\d{3}$/ : /^\d{5}(-\d{4})?$/).test(f.zipcode), "validation.zipFormat"),
    ["zipcode"],
  ),
);
