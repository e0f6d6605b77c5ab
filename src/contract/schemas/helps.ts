import * as v from "valibot";
import { youtubeId } from "../youtube";
import { boundedString, MSG } from "./common";

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** A YouTube video: its 11-character id, or a watch / youtu.be / embed / shorts link to it. */
export const videoField = v.pipe(
  v.string(MSG.required),
  v.trim(),
  v.nonEmpty(MSG.required),
  v.maxLength(200, MSG.tooLong),
  v.transform(youtubeId),
  v.regex(VIDEO_ID, MSG.invalid),
);

/** POST /helps (super users). */
export const HelpCreateBody = v.object({
  title: boundedString(2, 100),
  description: v.optional(v.pipe(v.string(MSG.invalid), v.trim(), v.maxLength(1000, MSG.tooLong)), ""),
  video: videoField,
});
export type HelpCreateInput = v.InferOutput<typeof HelpCreateBody>;

/** PUT /helps/{id} (super users). */
export const HelpUpdateBody = v.partial(HelpCreateBody);
export type HelpUpdateInput = v.InferOutput<typeof HelpUpdateBody>;

/** The help form of the web. */
export const HelpForm = HelpCreateBody;
