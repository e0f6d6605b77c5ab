/**
 * The message templates of a Cloud API connection: fetched from its WhatsApp Business Account (at
 * connect, on demand, and when the stored copy is an hour old), kept per connection, offered to
 * agents (approved ones only) and resolved when a template message goes out.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import type { MessageTemplateDto, TemplateChoice, TemplateComponent } from "../../contract/templates";
import { TEMPLATE_LIMITS, templateSupported, templateText, templateVariables } from "../../contract/templates";
import type { DB } from "../../core/db";
import type { Deps } from "../../core/deps";
import { AppError } from "../../core/errors";
import { nowIso } from "../../lib/dates";
import { log } from "../../lib/logger";
import { credsOf, findAccount, graphEnv, recordError } from "./accounts";
import { listTemplates } from "./graph";
import { type CloudApiTemplateRow, cloudApiAccounts, cloudApiTemplates } from "./schema";

/** What fetching templates needs: the database, CLOUD_API_URL and the outbound guard. */
export type TemplateDeps = Pick<Deps, "db" | "config" | "outbound">;

/** A stored copy older than this is fetched again when the templates are listed. */
export const TEMPLATES_STALE_MS = 60 * 60_000;

function componentsOf(json: string): TemplateComponent[] {
  try {
    const v = JSON.parse(json) as unknown;
    return Array.isArray(v) ? (v as TemplateComponent[]) : [];
  } catch {
    return [];
  }
}

/** The wire shape of a stored template. */
export function serializeTemplate(r: CloudApiTemplateRow): MessageTemplateDto {
  const components = componentsOf(r.components);
  return {
    id: r.id,
    name: r.name,
    language: r.language,
    category: r.category,
    status: r.status,
    components,
    variables: templateVariables(components),
    supported: templateSupported(components),
  };
}

/**
 * Fetches the account's templates and replaces the stored copy (templates gone from the account go
 * too). Answers how many were fetched; a Graph failure is counted and rethrown.
 */
export async function refreshTemplates(deps: TemplateDeps, connectionId: number): Promise<number> {
  const db = deps.db;
  const account = await findAccount(db, connectionId);
  if (!account) return 0;
  let list: Awaited<ReturnType<typeof listTemplates>>;
  try {
    list = await listTemplates(credsOf(graphEnv(deps), account), account.wabaId);
  } catch (e) {
    await recordError(db, connectionId);
    throw e;
  }
  const now = nowIso();
  const rows = list
    .filter((t) => t.name && t.language && t.name.length <= TEMPLATE_LIMITS.nameMax && t.language.length <= TEMPLATE_LIMITS.languageMax)
    .map((t) => ({
      connectionId,
      companyId: account.companyId,
      name: t.name,
      language: t.language,
      status: t.status ?? "",
      category: t.category ?? "",
      components: JSON.stringify(Array.isArray(t.components) ? t.components : []),
      updatedAt: now,
    }));
  await db.transaction(async (tx) => {
    for (const r of rows) {
      await tx
        .insert(cloudApiTemplates)
        .values(r)
        .onConflictDoUpdate({
          target: [cloudApiTemplates.connectionId, cloudApiTemplates.name, cloudApiTemplates.language],
          set: { status: r.status, category: r.category, components: r.components, updatedAt: now },
        });
    }
    const keys = rows.map((r) => `${r.name}\u0000${r.language}`);
    const stored = await tx.select().from(cloudApiTemplates).where(eq(cloudApiTemplates.connectionId, connectionId));
    const gone = stored.filter((s) => !keys.includes(`${s.name}\u0000${s.language}`)).map((s) => s.id);
    if (gone.length) await tx.delete(cloudApiTemplates).where(inArray(cloudApiTemplates.id, gone));
    await tx.update(cloudApiAccounts).set({ templatesFetchedAt: now }).where(eq(cloudApiAccounts.connectionId, connectionId));
  });
  return rows.length;
}

/** Refreshes in the background (a failure is logged; the stored copy stays). */
export function refreshTemplatesLater(deps: TemplateDeps, connectionId: number) {
  refreshTemplates(deps, connectionId).catch((e) => log.warn("cloud api templates refresh failed", { connectionId, err: String(e) }));
}

/** Fetches the templates first when they were never fetched or the copy is stale (a failure keeps the stored copy). */
export async function ensureTemplates(deps: TemplateDeps, connectionId: number, now = Date.now()) {
  const fetchedAt = (await findAccount(deps.db, connectionId))?.templatesFetchedAt;
  if (fetchedAt && now - Date.parse(fetchedAt) <= TEMPLATES_STALE_MS) return;
  await refreshTemplates(deps, connectionId).catch((e) => log.warn("cloud api templates refresh failed", { connectionId, err: String(e) }));
}

/** The stored templates of a connection: approved ones, by name (every status with `all`). */
export async function storedTemplates(db: DB, connectionId: number, opts: { all?: boolean } = {}): Promise<MessageTemplateDto[]> {
  const rows = await db
    .select()
    .from(cloudApiTemplates)
    .where(and(eq(cloudApiTemplates.connectionId, connectionId), opts.all ? undefined : eq(cloudApiTemplates.status, "APPROVED")))
    .orderBy(asc(cloudApiTemplates.name), asc(cloudApiTemplates.language))
    .limit(1000);
  return rows.map(serializeTemplate);
}

/**
 * The approved template a choice names, checked: it exists on the connection, Balcão can send it,
 * and every variable has a value (bounded). Answers it with the text the customer will read.
 */
export async function resolveTemplate(db: DB, connectionId: number, choice: TemplateChoice): Promise<{ template: MessageTemplateDto; text: string }> {
  const row = (
    await db
      .select()
      .from(cloudApiTemplates)
      .where(and(eq(cloudApiTemplates.connectionId, connectionId), eq(cloudApiTemplates.name, choice.name), eq(cloudApiTemplates.language, choice.language)))
      .limit(1)
  )[0];
  if (row?.status !== "APPROVED") throw new AppError("ERR_NO_TEMPLATE_FOUND", 404);
  const template = serializeTemplate(row);
  if (!template.supported) throw new AppError("ERR_TEMPLATE_UNSUPPORTED", 400);
  const missing = template.variables.findIndex((_, i) => !(choice.params[i] ?? "").trim());
  if (missing >= 0) throw new AppError("ERR_VALIDATION", 400, { fields: { [`params.${missing}`]: "validation.required" } });
  return { template, text: templateText(template.components, choice.params) };
}

/** The components of a stored template (the send needs them to place its variables). */
export async function templateComponents(db: DB, connectionId: number, name: string, language: string): Promise<TemplateComponent[] | null> {
  const row = (
    await db
      .select({ components: cloudApiTemplates.components })
      .from(cloudApiTemplates)
      .where(and(eq(cloudApiTemplates.connectionId, connectionId), eq(cloudApiTemplates.name, name), eq(cloudApiTemplates.language, language)))
      .limit(1)
  )[0];
  return row ? componentsOf(row.components) : null;
}
