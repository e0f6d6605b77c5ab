/** The files module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { findFileList } from "./queries";
export { createFileList, deleteFileList, fileListFiles, listFileLists, showFileList, updateFileList, uploadFileListFiles } from "./service";
