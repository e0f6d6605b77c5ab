import { Elysia } from "elysia";
import { IdParam, PageQuery } from "../../contract/schemas/common";
import { FileListBody } from "../../contract/schemas/files";
import { authPlugin } from "../auth";
import type { Deps } from "../../core/deps";
import { parse } from "../../core/errors";
import { createFileList, deleteFileList, listFileLists, showFileList, updateFileList, uploadFileListFiles } from "../../modules/files";

/** /files routes: file lists (R-LIB-3). */
export const filesRoutes = (deps: Deps) =>
  new Elysia()
    .use(authPlugin(deps))
    .get("/files", ({ ctx, query }) => {
      const q = parse(PageQuery, query);
      return listFileLists(ctx, q.searchParam, q.pageNumber);
    })
    .get("/files/:id", ({ ctx, params }) => showFileList(ctx, parse(IdParam, params).id))
    .post("/files", ({ ctx, body, set }) => {
      const record = createFileList(ctx, parse(FileListBody, body));
      set.status = 201;
      return record;
    })
    .put("/files/:id", ({ ctx, params, body }) => updateFileList(ctx, parse(IdParam, params).id, parse(FileListBody, body)))
    .delete("/files/:id", ({ ctx, params }) => {
      deleteFileList(ctx, parse(IdParam, params).id);
      return { message: "File list deleted" };
    })
    .post("/files/uploadList/:id", ({ ctx, params, body }) => uploadFileListFiles(ctx, parse(IdParam, params).id, body as Record<string, unknown> | null));
