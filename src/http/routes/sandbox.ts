import { Elysia } from "elysia";
import { SandboxConversationQuery, SandboxMessageBody, SandboxParam } from "../../contract/schemas/connections";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { listSandboxCustomers, postSandboxMessage, sandboxConversation } from "../../modules/connections";

/**
 * /sandbox/{connectionId}/… : the phone simulator of a sandbox connection (users who see every
 * ticket). A customer's message answers 201 when stored, 202 when received but waiting in the
 * inbound spool (stored later, exactly once).
 */
export const sandboxRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/sandbox/:connectionId/customers", ({ ctx, params }) => listSandboxCustomers(ctx, parse(SandboxParam, params).connectionId))
    .get("/sandbox/:connectionId/conversation", ({ ctx, params, query }) =>
      sandboxConversation(ctx, parse(SandboxParam, params).connectionId, parse(SandboxConversationQuery, query).number),
    )
    .post("/sandbox/:connectionId/messages", async ({ ctx, params, body, set }) => {
      const id = parse(SandboxParam, params).connectionId;
      const input = parse(SandboxMessageBody, body);
      const { message, spooled } = await postSandboxMessage(ctx, id, input, (body as Record<string, unknown> | null)?.file);
      // 202: received and waiting in the inbound spool (storage failed); it is stored later, once. Sending it again changes nothing.
      set.status = spooled ? 202 : 201;
      return message;
    });
