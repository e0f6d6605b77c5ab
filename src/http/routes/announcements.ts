import { Elysia } from "elysia";
import { AnnouncementCreateBody, AnnouncementUpdateBody } from "../../contract/schemas/announcements";
import { IdParam } from "../../contract/schemas/common";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { AppError, parse } from "../../core/errors";
import {
  announcementFile,
  createAnnouncement,
  deleteAnnouncement,
  imageType,
  listAnnouncements,
  setAnnouncementMedia,
  showAnnouncement,
  updateAnnouncement,
} from "../../modules/announcements";
import { byId, created, deleted, page, updated, withFile } from "./kit";

/**
 * GET /public/announcements/:name: announcement images, the only files served without a token.
 * Only names the server generated are answered; anything else (traversal included) is a 404.
 */
export const publicFilesRoutes = (deps: Deps) =>
  new Elysia().get("/public/*", async ({ params }) => {
    const rest = String((params as Record<string, string>)["*"] ?? "");
    const [folder, name, ...more] = rest.split("/");
    const full = folder === "announcements" && !more.length && name ? announcementFile(deps.config.dataDir, decodeURIComponent(name)) : null;
    const file = full ? Bun.file(full) : null;
    if (!file || !(await file.exists())) throw new AppError("ERR_NOT_FOUND", 404);
    return new Response(file, {
      headers: {
        "content-type": imageType(full as string),
        "cache-control": "public, max-age=86400",
        "x-content-type-options": "nosniff",
        "content-security-policy": "default-src 'none'; sandbox",
      },
    });
  });

/** /announcements routes (R-LIB-5): everyone reads active ones; super users manage. */
export const announcementsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/announcements", page(listAnnouncements))
    .get("/announcements/:id", byId(showAnnouncement))
    .post("/announcements", created(AnnouncementCreateBody, createAnnouncement))
    .put("/announcements/:id", updated(AnnouncementUpdateBody, updateAnnouncement))
    .delete("/announcements/:id", deleted(deleteAnnouncement, "Announcement deleted"))
    .post("/announcements/:id/media-upload", withFile(setAnnouncementMedia))
    .delete("/announcements/:id/media-upload", ({ ctx, params }) => setAnnouncementMedia(ctx, parse(IdParam, params).id, null));
