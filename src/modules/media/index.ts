/** The media module's public API: what other modules, the inbound path, the HTTP routes, the jobs and ops may use. */
export { describeMedia, type MediaHints } from "./describe";
export { isVoiceNote, keepHints, storedHints, voiceNoteUpload } from "./prepare";
export {
  assertContent,
  type CheckedFile,
  checkUpload,
  extOfMime,
  hintsKey,
  mediaKey,
  mediaUrl,
  mimeOfName,
  removeCompanyMedia,
  removeMedia,
  replaceAttachment,
  saveUpload,
  type StoredFile,
  storeUpload,
  UPLOAD_KINDS,
} from "./uploads";
