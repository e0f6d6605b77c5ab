import { Elysia } from "elysia";
import { AnnouncementCreateBody, AnnouncementUpdateBody } from "../../contract/schemas/announcements";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { AppError } from "../../core/errors";
import * as announcements from "../../modules/announcements";
import { blobResponse } from "../blob-response";
import { byId, created, deleted, page, updated, withFile, withoutFile } from "./kit";

/**
 * GET /public/announcements/:name: announcement images, the only files served without a token.
 * Only names the server generated are answered; anything else (traversal included) is a 404.
 */
export const publicFilesRoutes = (deps: Deps) =>
  new Elysia().get("/public/*", async ({ params, request }) => {
    const rest = String((params as Record<string, string>)["*"] ?? "");
    const [folder, name, ...more] = rest.split("/");
    const key = folder === "announcements" && !more.length && name ? announcements.announcementKey(decodeURIComponent(name)) : null;
    if (!key) throw new AppError("ERR_NOT_FOUND", 404);
    return blobResponse(deps, key, request.headers.get("range"), {
      "content-type": announcements.imageType(key),
      "cache-control": "public, max-age=86400",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
    });
  });

/** /announcements routes (R-LIB-5): everyone reads active ones; super users manage. */
export const announcementsRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/announcements", page(announcements.listAnnouncements))
    .get("/announcements/:id", byId(announcements.showAnnouncement))
    .post("/announcements", created(AnnouncementCreateBody, announcements.createAnnouncement))
    .put("/announcements/:id", updated(AnnouncementUpdateBody, announcements.updateAnnouncement))
    .delete("/announcements/:id", deleted(announcements.deleteAnnouncement, "Announcement deleted"))
    .post("/announcements/:id/media-upload", withFile(announcements.setAnnouncementMedia))
    .delete("/announcements/:id/media-upload", withoutFile(announcements.setAnnouncementMedia));
