import * as v from "valibot";
import { LIMITS } from "../limits";
import { MSG } from "./common";

/** A file list's name: at least 3 characters ('nome muito curto', R-LIB-3). */
export const fileListNameField = v.pipe(
  v.string(MSG.required),
  v.trim(),
  v.nonEmpty(MSG.required),
  v.minLength(LIMITS.fileListNameMin, MSG.nameTooShort),
  v.maxLength(100, MSG.tooLong),
);

const optionName = v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.maxLength(100, MSG.tooLong));
const optionId = v.optional(v.nullable(v.pipe(v.number(MSG.invalid), v.integer(MSG.invalid), v.minValue(1, MSG.invalid))));

/** An option as sent by the dialog: its id when it exists already, a name, and whether to drop its file. */
export const FileListOptionInput = v.object({ id: optionId, name: optionName, removeFile: v.optional(v.boolean(MSG.invalid), false) });

/** POST /files and PUT /files/{id}: name, message and the options (kept ones carry their id). */
export const FileListBody = v.object({
  name: fileListNameField,
  message: v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.maxLength(4000, MSG.tooLong)),
  options: v.optional(v.pipe(v.array(FileListOptionInput, MSG.invalid), v.maxLength(LIMITS.fileListOptionsMax, MSG.tooLong)), []),
});
export type FileListInput = v.InferOutput<typeof FileListBody>;

/** The file-list form of the web (each option's name is checked in the dialog's rows). */
export const FileListForm = v.object({
  name: fileListNameField,
  message: v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required)),
  options: v.array(v.object({ name: optionName })),
});
