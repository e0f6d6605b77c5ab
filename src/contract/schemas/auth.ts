import * as v from "valibot";
import { MSG } from "./common";

export const LoginBody = v.object({
  email: v.pipe(v.string(MSG.required), v.trim(), v.nonEmpty(MSG.required), v.maxLength(120, MSG.tooLong), v.toLowerCase()),
  password: v.pipe(v.string(MSG.required), v.nonEmpty(MSG.required), v.maxLength(200, MSG.tooLong)),
});
export type LoginInput = v.InferOutput<typeof LoginBody>;
