import type { Channel, FrameOf } from "@contract/frames";

/**
 * The `default` of the switch over frame channels: a `ServerFrame` channel without its case makes
 * the call fail to compile (its argument is not `never`). At run time a frame this build does not
 * know (a newer server during an upgrade) is ignored.
 */
export function unhandled(_frame: never): void {}

/** The frames of channel `C` whose action may be `A` (a member may carry several actions, "create" | "update"). */
type WithAction<C extends Channel, A> = FrameOf<C> extends infer F ? (F extends { action: infer X } ? (A extends X ? F : never) : never) : never;
type ActionOf<C extends Channel> = FrameOf<C> extends infer F ? (F extends { action: infer X } ? X : never) : never;

/** One handler per action of a channel: an action without its handler does not compile. */
export type ActionHandlers<C extends Channel> = { [A in ActionOf<C> & string]: (f: WithAction<C, A>) => void };

/** A channel's frame handler built from one handler per action (exhaustive, see `ActionHandlers`). */
export function byAction<C extends Channel>(handlers: ActionHandlers<C>): (f: FrameOf<C>) => void {
  return (f) => {
    const action = (f as { action?: string }).action as keyof ActionHandlers<C>;
    (handlers[action] as ((f: FrameOf<C>) => void) | undefined)?.(f);
  };
}

/** The handler of an action a view has nothing to show for (the reason is written beside it). */
export const nothingToShow = () => {};
