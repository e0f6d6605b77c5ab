import type { Ctx } from "../../core/deps";
import { AppError } from "../../core/errors";
import { findPrompt } from "../prompts";
import { findIntegration } from "./queries";

/**
 * A queue or a connection may point only at an integration and a prompt of its own company
 * (D5): another company's id, or an unknown one, is a field error.
 */
export async function assertBotRefs(ctx: Ctx, refs: { integrationId?: number | null; promptId?: number | null }) {
  const fields: Record<string, string> = {};
  if (refs.integrationId && !(await findIntegration(ctx.db, ctx.companyId, refs.integrationId))) fields.integrationId = "validation.invalid";
  if (refs.promptId && !(await findPrompt(ctx.db, ctx.companyId, refs.promptId))) fields.promptId = "validation.invalid";
  if (Object.keys(fields).length) throw new AppError("ERR_VALIDATION", 400, { fields });
}
