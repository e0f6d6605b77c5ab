import { describe, expect, test } from "bun:test";
import type { WAMessage } from "baileys";
import { mediaUrlAllowed, mediaUrlOf } from "./media-url";

const msg = (imageMessage: Record<string, unknown>) => ({ key: {}, message: { imageMessage } }) as unknown as WAMessage;

describe("inbound media URL", () => {
  test("computed as Baileys does: directPath on the url's host, else the url", () => {
    expect(mediaUrlOf(msg({ directPath: "/v/t62/1.enc" }))).toBe("https://mmg.whatsapp.net/v/t62/1.enc");
    expect(mediaUrlOf(msg({ url: "https://media-gru1-1.cdn.whatsapp.net/a", directPath: "/v/t62/1.enc" }))).toBe(
      "https://media-gru1-1.cdn.whatsapp.net/v/t62/1.enc",
    );
    expect(mediaUrlOf(msg({ url: "http://10.0.0.1/x", directPath: "/y" }))).toBe("https://10.0.0.1/y");
    expect(mediaUrlOf(msg({ url: "http://169.254.169.254/latest" }))).toBe("http://169.254.169.254/latest");
    expect(mediaUrlOf({ key: {}, message: { conversation: "oi" } } as unknown as WAMessage)).toBeNull();
  });
  test.each([
    ["https://mmg.whatsapp.net/v/t62/1.enc", true],
    ["https://media-gru1-1.cdn.whatsapp.net/v/1", true],
    ["https://mmg.whatsapp.net./v/1", true],
    ["http://mmg.whatsapp.net/v/1", false],
    ["https://whatsapp.net.evil.com/v/1", false],
    ["https://evilwhatsapp.net/v/1", false],
    ["https://10.0.0.1/y", false],
    ["http://169.254.169.254/latest", false],
    ["https://127.0.0.1/x", false],
    ["file:///etc/passwd", false],
  ])("%s allowed: %p", (url, ok) => {
    expect(mediaUrlAllowed(url)).toBe(ok);
  });
  test("with a test WhatsApp server, its host stands in for the media hosts", () => {
    expect(mediaUrlAllowed("http://127.0.0.1:4567/media/1", "ws://127.0.0.1:4567/ws/chat")).toBe(true);
    expect(mediaUrlAllowed("http://127.0.0.1:9999/media/1", "ws://127.0.0.1:4567/ws/chat")).toBe(false);
  });
});
