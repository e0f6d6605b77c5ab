import { join } from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import type { Page } from "../../contract/dto/common";
import type { FileListDto, FileListOptionDto } from "../../contract/dto/files";
import type { FramePayload } from "../../contract/frames";
import { LIMITS } from "../../contract/limits";
import { can } from "../../contract/permissions";
import type { FileListInput } from "../../contract/schemas/files";
import type { Ctx, Deps } from "../../core/deps";
import { AppError, forbidden, notFound } from "../../core/errors";
import { checkUpload, mediaKey, mediaUrl, removeMedia, type StoredFile, storeUpload } from "../media";
import { nowIso } from "../../lib/dates";
import { rooms } from "../../contract/rooms";
import { type FileListOptionRow, type FileListRow, findFileList, nameTaken, optionsOf, pageFileLists } from "./queries";
import { fileListOptions, fileLists } from "./schema";

const PAGE = LIMITS.pageSize;
const AREA = "file-lists";

const serializeOption = (o: FileListOptionRow): FileListOptionDto => ({
  id: o.id,
  name: o.name,
  path: o.path,
  mediaType: o.mediaType,
  mediaName: o.mediaName,
  mediaUrl: mediaUrl(o.path),
});

/** The public shape of a file list with its options. */
export function serializeFileList(l: FileListRow, options: FileListOptionRow[]): FileListDto {
  return {
    id: l.id,
    name: l.name,
    message: l.message,
    companyId: l.companyId,
    userId: l.userId,
    options: options.filter((o) => o.fileListId === l.id).map(serializeOption),
    createdAt: l.createdAt,
    updatedAt: l.updatedAt,
  };
}
export type { FileListDto };

const publish = (ctx: Ctx, frame: FramePayload<"file">) => ctx.hub.publish(rooms.main(ctx.companyId), { channel: "file", ...frame });

async function getList(ctx: Ctx, id: number): Promise<FileListRow> {
  const l = await findFileList(ctx.db, ctx.companyId, id);
  if (!l) throw notFound("ERR_NO_FILE_LIST_FOUND");
  return l;
}

function requireManager(ctx: Ctx) {
  if (!can(ctx.user, "files:manage")) throw forbidden();
}

const load = async (ctx: Ctx, l: FileListRow) => serializeFileList(l, await optionsOf(ctx.db, [l.id]));

/** GET /files: a page of the company's lists (with their options), by name. */
export async function listFileLists(ctx: Ctx, search: string, page: number): Promise<Page<"files", FileListDto>> {
  const { rows, total } = await pageFileLists(ctx.db, ctx.companyId, search, page, PAGE);
  const options = await optionsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return { files: rows.map((r) => serializeFileList(r, options)), count: total, hasMore: total > page * PAGE };
}

/** GET /files/{id}. */
export const showFileList = async (ctx: Ctx, id: number) => load(ctx, await getList(ctx, id));

/** POST /files: name (unique in the company), message and option names; files come by uploadList. */
export async function createFileList(ctx: Ctx, input: FileListInput) {
  requireManager(ctx);
  if (await nameTaken(ctx.db, ctx.companyId, input.name)) throw new AppError("ERR_FILE_LIST_NAME_EXISTS", 409);
  const now = nowIso();
  const row = await ctx.db.transaction(async (tx) => {
    const l = (
      await tx
        .insert(fileLists)
        .values({ companyId: ctx.companyId, name: input.name, message: input.message, userId: ctx.user.id || null, createdAt: now, updatedAt: now })
        .returning()
    )[0];
    for (const [position, o] of input.options.entries()) {
      await tx.insert(fileListOptions).values({ fileListId: l.id, companyId: ctx.companyId, name: o.name, position });
    }
    return l;
  });
  const record = await load(ctx, row);
  publish(ctx, { action: "create", files: record });
  return record;
}

/**
 * PUT /files/{id}: options with an id of this list are renamed (and keep their file unless
 * `removeFile`), new ones are added, missing ones are deleted with their files.
 */
export async function updateFileList(ctx: Ctx, id: number, input: FileListInput) {
  requireManager(ctx);
  const current = await getList(ctx, id);
  if (await nameTaken(ctx.db, ctx.companyId, input.name, id)) throw new AppError("ERR_FILE_LIST_NAME_EXISTS", 409);
  const before = await optionsOf(ctx.db, [id]);
  const byId = new Map(before.map((o) => [o.id, o]));
  if (input.options.some((o) => o.id && !byId.has(o.id))) throw new AppError("ERR_VALIDATION", 400, { fields: { options: "validation.invalid" } });
  const kept = new Set(input.options.map((o) => o.id).filter((x): x is number => !!x));
  const dropped = before.filter((o) => !kept.has(o.id));
  const cleared: string[] = [];
  const row = await ctx.db.transaction(async (tx) => {
    if (dropped.length)
      await tx.delete(fileListOptions).where(
        inArray(
          fileListOptions.id,
          dropped.map((o) => o.id),
        ),
      );
    for (const [position, o] of input.options.entries()) {
      const old = o.id ? byId.get(o.id) : undefined;
      if (old) {
        const clear = !!o.removeFile && !!old.path;
        if (clear) cleared.push(old.path as string);
        await tx
          .update(fileListOptions)
          .set({ name: o.name, position, ...(clear && { path: null, mediaType: null, mediaName: null }) })
          .where(eq(fileListOptions.id, old.id));
      } else await tx.insert(fileListOptions).values({ fileListId: id, companyId: ctx.companyId, name: o.name, position });
    }
    return (
      await tx.update(fileLists).set({ name: input.name, message: input.message, updatedAt: nowIso() }).where(eq(fileLists.id, current.id)).returning()
    )[0];
  });
  for (const p of [...dropped.map((o) => o.path), ...cleared]) void removeMedia(ctx.blobs, ctx.companyId, p);
  const record = await load(ctx, row);
  publish(ctx, { action: "update", files: record });
  return record;
}

/** DELETE /files/{id}: the list, its options and their stored files. */
export async function deleteFileList(ctx: Ctx, id: number) {
  requireManager(ctx);
  await getList(ctx, id);
  const options = await optionsOf(ctx.db, [id]);
  await ctx.db.delete(fileLists).where(and(eq(fileLists.companyId, ctx.companyId), eq(fileLists.id, id)));
  for (const o of options) void removeMedia(ctx.blobs, ctx.companyId, o.path);
  publish(ctx, { action: "delete", fileId: id });
}

const asArray = (x: unknown): unknown[] => (x === undefined || x === null ? [] : Array.isArray(x) ? x : [x]);

/**
 * POST /files/uploadList/{id} (multipart): `files` and `id` repeated in the same order, one option id
 * per file. Every file is checked (kind, declared type, WhatsApp size limit) before any is written;
 * each option's previous file is removed after its row points at the new one.
 */
export async function uploadFileListFiles(ctx: Ctx, id: number, body: Record<string, unknown> | null) {
  requireManager(ctx);
  const list = await getList(ctx, id);
  const files = asArray(body?.files ?? body?.file);
  const ids = asArray(body?.id).map((x) => Number(x));
  if (!files.length) throw new AppError("ERR_UPLOAD_MISSING", 400);
  if (files.length !== ids.length || files.length > LIMITS.fileListOptionsMax)
    throw new AppError("ERR_VALIDATION", 400, { fields: { id: "validation.invalid" } });
  const options = new Map((await optionsOf(ctx.db, [id])).map((o) => [o.id, o]));
  if (ids.some((x) => !options.has(x)) || new Set(ids).size !== ids.length) throw new AppError("ERR_VALIDATION", 400, { fields: { id: "validation.invalid" } });
  const checked = files.map((f) => checkUpload(ctx, f, "attachment"));
  const stored: StoredFile[] = [];
  try {
    for (const c of checked) stored.push(await storeUpload(ctx.blobs, ctx.companyId, AREA, c));
  } catch (err) {
    for (const s of stored) void removeMedia(ctx.blobs, ctx.companyId, s.mediaPath);
    throw err;
  }
  const previous: (string | null)[] = [];
  await ctx.db.transaction(async (tx) => {
    for (const [i, optionId] of ids.entries()) {
      previous.push(options.get(optionId)?.path ?? null);
      const s = stored[i];
      await tx.update(fileListOptions).set({ path: s.mediaPath, mediaType: s.mime, mediaName: s.mediaName }).where(eq(fileListOptions.id, optionId));
    }
    await tx.update(fileLists).set({ updatedAt: nowIso() }).where(eq(fileLists.id, id));
  });
  for (const p of previous) void removeMedia(ctx.blobs, ctx.companyId, p);
  const record = await load(ctx, list);
  publish(ctx, { action: "update", files: record });
  return record;
}

/** A file of a list, ready to send (campaigns): its key in the file store, mime type, caption and file name. */
export interface FileListFile {
  /** Where the file is when the store is the data folder's media (a name only: nothing reads it; sends use `mediaPath`). */
  path: string;
  /** Relative media path (what a stored message records). */
  mediaPath: string;
  mimetype: string;
  /** The option's name (sent as the caption). */
  name: string;
  /** The uploaded file's name. */
  fileName: string;
}

/**
 * The files of a company's file list in their order (options without a file are skipped); an
 * empty array when the list does not exist in that company. Used by campaigns to send the list.
 */
export async function fileListFiles(deps: Pick<Deps, "db" | "config">, companyId: number, fileListId: number): Promise<FileListFile[]> {
  if (!(await findFileList(deps.db, companyId, fileListId))) return [];
  return (await optionsOf(deps.db, [fileListId])).flatMap((o) => {
    const key = mediaKey(companyId, o.path);
    if (!key) return [];
    return [
      {
        path: join(deps.config.mediaDir, ...key.split("/")),
        mediaPath: key,
        mimetype: o.mediaType ?? "application/octet-stream",
        name: o.name,
        fileName: o.mediaName ?? o.name,
      },
    ];
  });
}
