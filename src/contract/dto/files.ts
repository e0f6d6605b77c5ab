/** One option of a file list (R-LIB-3). */
export interface FileListOptionDto {
  id: number;
  name: string;
  /** Relative media path, null when the option has no file. */
  path: string | null;
  mediaType: string | null;
  mediaName: string | null;
  /** Where the web fetches the file (with its token), null without a file. */
  mediaUrl: string | null;
}

/** The wire shape of a file list. */
export interface FileListDto {
  id: number;
  name: string;
  message: string;
  companyId: number;
  userId: number | null;
  options: FileListOptionDto[];
  createdAt: string;
  updatedAt: string;
}
