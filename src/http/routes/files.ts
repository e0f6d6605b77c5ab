import { Elysia } from "elysia";
import { IdParam } from "../../contract/schemas/common";
import { FileListBody } from "../../contract/schemas/files";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { createFileList, deleteFileList, listFileLists, showFileList, updateFileList, uploadFileListFiles } from "../../modules/files";
import { byId, created, deleted, page, updated } from "./kit";

/** /files routes: file lists (R-LIB-3). */
export const filesRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/files", page(listFileLists))
    .get("/files/:id", byId(showFileList))
    .post("/files", created(FileListBody, createFileList))
    .put("/files/:id", updated(FileListBody, updateFileList))
    .delete("/files/:id", deleted(deleteFileList, "File list deleted"))
    .post("/files/uploadList/:id", ({ ctx, params, body }) => uploadFileListFiles(ctx, parse(IdParam, params).id, body as Record<string, unknown> | null));
