import { expect, test } from "bun:test";
import { dismissToast, toast, toasts } from "../../web/src/stores/toast";

test("an identical toast does not stack; it stays for the full time from the last one", async () => {
  const a = toast("success", "Ticket transferido.", 60);
  await Bun.sleep(40);
  const b = toast("success", "Ticket transferido.", 60);
  toast("error", "Ticket transferido.", 60);
  expect(b).toBe(a);
  expect(toasts.value.map((x) => [x.kind, x.text])).toEqual([
    ["success", "Ticket transferido."],
    ["error", "Ticket transferido."],
  ]);
  await Bun.sleep(40);
  // 80 ms after the first: still shown, because the second restarted its time
  expect(toasts.value.some((x) => x.id === a)).toBe(true);
  await Bun.sleep(60);
  expect(toasts.value).toEqual([]);
  const c = toast("info", "Outro");
  dismissToast(c);
  expect(toasts.value).toEqual([]);
});
