import { openapi } from "@elysiajs/openapi";
import { LIMITS } from "../contract/limits";
import pkg from "../../package.json";

/** The plugin's document type (hand-written JSON schema objects are checked by the test, not by tsc). */
type Documentation = NonNullable<NonNullable<Parameters<typeof openapi>[0]>["documentation"]>;

const errorBody = (example: string) => ({
  "application/json": { schema: { $ref: "#/components/schemas/Error" }, example: { error: example } },
});

/**
 * The external send API in OpenAPI terms (R-API-9, R-API-12). The routes of the
 * web app are listed by the plugin from the route table; this one is written out because script
 * authors call it.
 */
const sendPath = {
  post: {
    tags: ["External API"],
    summary: "Send a message (text or files) to a number through a connection",
    description:
      "Authenticated by the connection's token (Connections → edit → Token). Finds or creates the contact and its ticket on that connection (a new ticket waits in the pending list), then sends. `{{name}}`, `{{firstName}}`, `{{ms}}`, `{{protocol}}`, `{{hora}}` and `{{date}}` are filled in the body. " +
      `At most ${LIMITS.apiSendsPerMinute} calls per token per minute; at most ${LIMITS.apiFilesMax} files per call, each within WhatsApp's size for its kind.`,
    security: [{ connectionToken: [] }],
    requestBody: {
      required: true,
      content: {
        "application/json": {
          schema: { $ref: "#/components/schemas/ExternalSend" },
          example: { number: "5511912345678", body: "Olá {{firstName}}, seu pedido saiu para entrega." },
        },
        "multipart/form-data": {
          schema: {
            type: "object",
            required: ["number", "medias"],
            properties: {
              number: { type: "string", pattern: "^\\d{10,15}$" },
              body: { type: "string", description: "Caption of the first file" },
              closeTicket: { type: "boolean" },
              medias: { type: "array", items: { type: "string", format: "binary" }, maxItems: LIMITS.apiFilesMax },
            },
          },
        },
      },
    },
    responses: {
      "200": {
        description: "Stored and handed to the connection",
        content: { "application/json": { schema: { $ref: "#/components/schemas/ExternalSendResult" } } },
      },
      "400": {
        description:
          "Invalid number, body or file (ERR_VALIDATION with fields, ERR_CHECK_NUMBER, ERR_UPLOAD_TYPE); free text outside a Cloud API customer's 24-hour window (ERR_CLOUD_WINDOW_CLOSED)",
        content: errorBody("ERR_CHECK_NUMBER"),
      },
      "401": { description: "Missing or unknown token", content: errorBody("ERR_API_TOKEN_INVALID") },
      "402": { description: "The company's subscription lapsed", content: errorBody("ERR_SUBSCRIPTION_EXPIRED") },
      "403": { description: "The plan does not include the external API", content: errorBody("ERR_NO_PERMISSION") },
      "409": { description: "The connection is not connected", content: errorBody("ERR_WAPP_NOT_INITIALIZED") },
      "413": { description: "A file exceeds WhatsApp's size for its kind", content: errorBody("ERR_MEDIA_TOO_LARGE") },
      "429": { description: "Too many calls with this token (see Retry-After)", content: errorBody("ERR_TOO_MANY_ATTEMPTS") },
    },
  },
};

/** GET /api/openapi.json: the HTTP API as an OpenAPI 3 document (no viewer page: nothing loads from a CDN). */
export const openapiRoutes = () =>
  openapi({
    provider: null,
    path: "/api/docs",
    specPath: "/api/openapi.json",
    exclude: { paths: ["/api/openapi.json", "/ws", /^\/sandbox/, /^\/jobs/, /^\/cloudapi/] },
    documentation: {
      info: {
        title: "Balcão API",
        version: pkg.version,
        description:
          'Every route except the public ones needs `Authorization: Bearer <access token>` (POST /auth/login). The external send API takes a connection token instead. Errors answer `{ "error": "ERR_…" }`.',
      },
      security: [{ accessToken: [] }],
      paths: { "/api/messages/send": sendPath },
      components: {
        securitySchemes: {
          connectionToken: { type: "http", scheme: "bearer", description: "The token field of a connection" },
          accessToken: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
        },
        schemas: {
          Error: { type: "object", required: ["error"], properties: { error: { type: "string" } } },
          ExternalSend: {
            type: "object",
            required: ["number"],
            properties: {
              number: { type: "string", pattern: "^\\d{10,15}$", description: "Country code + area code + number, digits only" },
              body: { type: "string", maxLength: LIMITS.apiBodyMax },
              closeTicket: { type: "boolean", description: "Resolve the ticket after sending (the completion message goes out)" },
              template: {
                type: "object",
                description:
                  "WhatsApp Cloud API connections only: an approved message template, needed outside the customer's 24-hour window (free text there answers ERR_CLOUD_WINDOW_CLOSED). `params` fill its variables in order (header first, then body); they may use `{{name}}` and the other variables.",
                required: ["name", "language"],
                properties: {
                  name: { type: "string" },
                  language: { type: "string", example: "pt_BR" },
                  params: { type: "array", items: { type: "string" }, maxItems: 20 },
                },
              },
            },
          },
          ExternalSendResult: {
            type: "object",
            properties: {
              mensagem: { type: "string", example: "Mensagem enviada" },
              ticketId: { type: "integer" },
              contactId: { type: "integer" },
              messages: {
                type: "array",
                items: {
                  type: "object",
                  properties: {
                    id: { type: "integer" },
                    wid: { type: "string" },
                    status: { type: "string", enum: ["queued", "sent", "failed"] },
                    mediaType: { type: "string" },
                  },
                },
              },
            },
          },
        },
      },
    } as Documentation,
  });
