import type { Page } from "@contract/dto/common";
import type { FileListDto } from "@contract/dto/files";
import { api } from "./client";
import { uploadForm } from "./files";

export type FileList = FileListDto;

export interface FileListInput {
  name: string;
  message: string;
  options: { id?: number | null; name: string; removeFile?: boolean }[];
}

/** GET /files: a page of the company's file lists by name. */
export const listFileLists = (searchParam: string, pageNumber: number) => api<Page<"files", FileList>>("/files", { query: { searchParam, pageNumber } });
export const getFileList = (id: number) => api<FileList>(`/files/${id}`);
export const createFileList = (input: FileListInput) => api<FileList>("/files", { method: "POST", body: input });
export const updateFileList = (id: number, input: FileListInput) => api<FileList>(`/files/${id}`, { method: "PUT", body: input });
export const deleteFileList = (id: number) => api(`/files/${id}`, { method: "DELETE" });

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
