import { describe, expect, test } from "bun:test";
import { CAMPAIGN_SETTING_DEFAULTS } from "../../src/contract/limits";
import { rebase } from "../../web/src/features/campaigns/settings-store";
import { byAction, unhandled } from "../../web/src/realtime/exhaustive";

describe("campaign settings saved elsewhere (campaignSettings frame on an open page)", () => {
  const saved = { ...CAMPAIGN_SETTING_DEFAULTS, messageInterval: 20, dailyLimit: 0 };

  test("the fields the user has not touched take the new values", () => {
    const after = { ...saved, messageInterval: 5, variables: [{ key: "loja", value: "Centro" }] };
    expect(rebase(saved, saved, after)).toEqual(after);
  });

  test("the user's own edits stay, the rest follows the save", () => {
    const draft = { ...saved, dailyLimit: 300 };
    const after = { ...saved, messageInterval: 5, dailyLimit: 50 };
    const next = rebase(draft, saved, after);
    expect(next.dailyLimit).toBe(300);
    expect(next.messageInterval).toBe(5);
  });

  test("lists compare by value: an untouched list of words is replaced, an edited one kept", () => {
    const before = { ...saved, optOutWords: ["SAIR"] };
    const after = { ...before, optOutWords: ["SAIR", "PARAR"] };
    expect(rebase({ ...before, optOutWords: ["SAIR"] }, before, after).optOutWords).toEqual(["SAIR", "PARAR"]);
    expect(rebase({ ...before, optOutWords: ["CANCELAR"] }, before, after).optOutWords).toEqual(["CANCELAR"]);
  });
});

describe("a channel's handler, one function per action", () => {
  test("each frame reaches its action's function, and only it", () => {
    const seen: string[] = [];
    const onTag = byAction<"tag">({
      create: (f) => seen.push(`create ${f.tag.name}`),
      update: (f) => seen.push(`update ${f.tag.name}`),
      delete: (f) => seen.push(`delete ${f.tagId}`),
    });
    const tag = { id: 7, name: "VIP", color: "#22c55e", kanban: 0, ticketsCount: 0 } as never;
    onTag({ channel: "tag", action: "update", tag });
    onTag({ channel: "tag", action: "delete", tagId: 7 });
    onTag({ channel: "tag", action: "create", tag });
    expect(seen).toEqual(["update VIP", "delete 7", "create VIP"]);
  });

  test("a handler missing an action, or a frame with no case in the socket, does not compile", () => {
    // @ts-expect-error `delete` has no handler (bun run typecheck fails if this line compiles)
    const partial = byAction<"tag">({ create: () => {}, update: () => {} });
    expect(typeof partial).toBe("function");
    // @ts-expect-error a frame type is never `never`: the socket's `default: unhandled(f)` only compiles when every channel has its case
    unhandled({ channel: "campaignSettings", action: "update", settings: [] });
  });

  test("an action this build does not know (a newer server) is ignored, not thrown", () => {
    const onTag = byAction<"tag">({ create: () => {}, update: () => {}, delete: () => {} });
    expect(() => onTag({ channel: "tag", action: "archive" } as never)).not.toThrow();
  });
});
