import type { FileListDto } from "@contract/dto/files";
import { uploadForm } from "./files";
import { listPage, resource } from "./resource";

export type FileList = FileListDto;

export interface FileListInput {
  name: string;
  message: string;
  options: { id?: number | null; name: string; removeFile?: boolean }[];
}

/** GET /files: a page of the company's file lists by name. */
export const listFileLists = listPage<"files", FileList>("/files");
/** A file list's own calls (/files/:id). */
export const fileListsApi = resource<FileList, FileListInput>("/files");

/** POST /files/uploadList/{id}: each file with the id of the option it belongs to. */
export function uploadFileListFiles(id: number, files: { optionId: number; file: File }[]): Promise<FileList> {
  const form = new FormData();
  form.append("typeArch", "fileList");
  form.append("fileId", String(id));
  for (const f of files) {
    form.append("files", f.file);
    form.append("id", String(f.optionId));
  }
  return uploadForm<FileList>(`/files/uploadList/${id}`, form);
}
