import { and, asc, eq, inArray, ne } from "drizzle-orm";
import type { DbOrTx } from "../../core/db";
import { containsAny, pageOf } from "../../db/paging";
import { type FileListOptionRow, type FileListRow, fileListOptions, fileLists } from "./schema";

export const findFileList = async (db: DbOrTx, companyId: number, id: number) =>
  (
    await db
      .select()
      .from(fileLists)
      .where(and(eq(fileLists.companyId, companyId), eq(fileLists.id, id)))
      .limit(1)
  )[0];

/** The options of the given lists, in their order. */
export async function optionsOf(db: DbOrTx, listIds: number[]): Promise<FileListOptionRow[]> {
  if (!listIds.length) return [];
  return await db
    .select()
    .from(fileListOptions)
    .where(inArray(fileListOptions.fileListId, listIds))
    .orderBy(asc(fileListOptions.fileListId), asc(fileListOptions.position), asc(fileListOptions.id));
}

/** A page of a company's file lists by name, searched by name or message. */
export function pageFileLists(db: DbOrTx, companyId: number, search: string, page: number, size: number) {
  const where = search ? and(eq(fileLists.companyId, companyId), containsAny(search, fileLists.name, fileLists.message)) : eq(fileLists.companyId, companyId);
  return pageOf(db, fileLists, where, [asc(fileLists.name), asc(fileLists.id)], page, size);
}

/** Whether another list of the company already has this name. */
export const nameTaken = async (db: DbOrTx, companyId: number, name: string, exceptId = 0) =>
  !!(
    await db
      .select({ id: fileLists.id })
      .from(fileLists)
      .where(and(eq(fileLists.companyId, companyId), eq(fileLists.name, name), ne(fileLists.id, exceptId)))
      .limit(1)
  )[0];

export type { FileListOptionRow, FileListRow };
