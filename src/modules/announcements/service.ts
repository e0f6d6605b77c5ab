import { can } from "../../contract/permissions";
import { join, resolve, sep } from "node:path";
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { AnnouncementDto } from "../../contract/dto/announcements";
import type { Page } from "../../contract/dto/common";
import { LIMITS } from "../../contract/limits";
import type { AnnouncementCreateInput, AnnouncementUpdateInput } from "../../contract/schemas/announcements";
import type { Ctx } from "../../core/deps";
import { forbidden, notFound } from "../../core/errors";
import { assertContent, checkUpload, mimeOfName } from "../media";
import { isoNow } from "../../lib/clock";
import { log } from "../../lib/logger";
import { containsAny, pageOf } from "../../db/paging";
import { type AnnouncementRow, announcements } from "./schema";

const PAGE = LIMITS.pageSize;
/** Generated names only: `<epoch ms>-<uuid>.<png|jpg|jpeg>`; anything else is not a file of ours. */
const NAME = /^\d{10,16}-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|jpeg)$/;

/** Where the local file store keeps announcement images (its `public/` mount): the only public files (D13). */
export const announcementsDir = (dataDir: string) => join(dataDir, "public", "announcements");

/** The file store key of an announcement image, or null for any name we did not generate. */
export const announcementKey = (name: string): string | null => (NAME.test(name) ? `public/announcements/${name}` : null);

/**
 * The absolute path of a public announcement image, or null for any name we did not generate (no
 * separators, no dots but the extension's, so nothing can point outside the folder).
 */
export function announcementFile(dataDir: string, name: string): string | null {
  if (!NAME.test(name)) return null;
  const root = resolve(announcementsDir(dataDir));
  const full = resolve(root, name);
  return full.startsWith(root + sep) ? full : null;
}

/** The public shape of an announcement. */
export function serializeAnnouncement(a: AnnouncementRow): AnnouncementDto {
  return {
    id: a.id,
    title: a.title,
    text: a.text,
    priority: a.priority,
    status: a.status,
    mediaPath: a.mediaPath,
    mediaName: a.mediaName,
    mediaUrl: a.mediaPath ? `/public/announcements/${a.mediaPath}` : null,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
  };
}

function requireSuper(ctx: Ctx) {
  if (!can(ctx.user, "announcements:manage")) throw forbidden();
}

/** Announcements reach every signed-in socket of every company. */
function broadcast(ctx: Ctx, frame: { action: "create" | "update"; record: AnnouncementDto } | { action: "delete"; id: number }) {
  ctx.hub.broadcast({ channel: "announcement", ...frame });
}

/** Users see active announcements only; super users see all (to manage them). */
async function getVisible(ctx: Ctx, id: number): Promise<AnnouncementRow> {
  const a = (await ctx.db.select().from(announcements).where(eq(announcements.id, id)).limit(1))[0];
  if (!a || (!a.status && !can(ctx.user, "announcements:manage"))) throw notFound("ERR_NO_ANNOUNCEMENT_FOUND");
  return a;
}

/** GET /announcements: newest first, title search; only active ones for non-super users. */
export async function listAnnouncements(ctx: Ctx, search: string, page: number): Promise<Page<"records", AnnouncementDto>> {
  const parts: (SQL | undefined)[] = [];
  if (!can(ctx.user, "announcements:manage")) parts.push(eq(announcements.status, true));
  if (search) parts.push(containsAny(search, announcements.title));
  const { rows, total } = await pageOf(ctx.db, announcements, and(...parts), [desc(announcements.createdAt), desc(announcements.id)], page, PAGE);
  return { records: rows.map(serializeAnnouncement), count: total, hasMore: total > page * PAGE };
}

/** GET /announcements/{id}. */
export const showAnnouncement = async (ctx: Ctx, id: number) => serializeAnnouncement(await getVisible(ctx, id));

/** POST /announcements (super users). */
export async function createAnnouncement(ctx: Ctx, input: AnnouncementCreateInput) {
  requireSuper(ctx);
  const now = isoNow(ctx.clock);
  const row = (
    await ctx.db
      .insert(announcements)
      .values({ title: input.title, text: input.text, priority: input.priority, status: input.status, userId: ctx.user.id, createdAt: now, updatedAt: now })
      .returning()
  )[0];
  const record = serializeAnnouncement(row);
  broadcast(ctx, { action: "create", record });
  return record;
}

/** PUT /announcements/{id} (super users). */
export async function updateAnnouncement(ctx: Ctx, id: number, input: AnnouncementUpdateInput) {
  requireSuper(ctx);
  await getVisible(ctx, id);
  const row = (
    await ctx.db
      .update(announcements)
      .set({ ...input, updatedAt: isoNow(ctx.clock) })
      .where(eq(announcements.id, id))
      .returning()
  )[0];
  const record = serializeAnnouncement(row);
  broadcast(ctx, { action: "update", record });
  return record;
}

/** DELETE /announcements/{id} (super users), with its image. */
export async function deleteAnnouncement(ctx: Ctx, id: number) {
  requireSuper(ctx);
  const current = await getVisible(ctx, id);
  await ctx.db.delete(announcements).where(eq(announcements.id, id));
  removeImage(ctx, current.mediaPath);
  broadcast(ctx, { action: "delete", id });
}

/** Removes an image the row no longer points at (best effort: a file left behind is wasted space, never shown). */
function removeImage(ctx: Ctx, name: string | null) {
  const key = name ? announcementKey(name) : null;
  if (key) void ctx.blobs.delete(key).catch((e) => log.warn("announcement image not removed", { key, err: String(e) }));
}

/** POST /announcements/{id}/media-upload (png, jpg, jpeg; content sniffed) and DELETE (file null). */
export async function setAnnouncementMedia(ctx: Ctx, id: number, file: unknown | null) {
  requireSuper(ctx);
  const current = await getVisible(ctx, id);
  let stored: { name: string; original: string } | null = null;
  if (file !== null) {
    const checked = checkUpload(ctx, file, "image");
    await assertContent(checked);
    const name = `${Date.now()}-${crypto.randomUUID()}.${checked.ext}`;
    await ctx.blobs.put(announcementKey(name) as string, checked.file, { type: checked.mime });
    stored = { name, original: checked.originalName };
  }
  const row = (
    await ctx.db
      .update(announcements)
      .set({ mediaPath: stored?.name ?? null, mediaName: stored?.original ?? null, updatedAt: isoNow(ctx.clock) })
      .where(eq(announcements.id, id))
      .returning()
  )[0];
  removeImage(ctx, current.mediaPath);
  const record = serializeAnnouncement(row);
  broadcast(ctx, { action: "update", record });
  return record;
}

/** The content type of a public image by its (already validated) name. */
export const imageType = (name: string) => mimeOfName(name);
