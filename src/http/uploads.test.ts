import { describe, expect, test } from "bun:test";
import { extOfMime, mimeOfName } from "../modules/media/uploads";

describe("mime table", () => {
  test("canonical mime of a name, octet-stream when unknown", () => {
    expect(mimeOfName("foto.JPG")).toBe("image/jpeg");
    expect(mimeOfName("1/queues/x.ogg")).toBe("audio/ogg");
    expect(mimeOfName("sem-extensao")).toBe("application/octet-stream");
    expect(mimeOfName(null)).toBe("application/octet-stream");
  });
  test("extension of a canonical mime; generic types map to nothing", () => {
    expect(extOfMime("image/jpeg")).toBe("jpg");
    expect(extOfMime("audio/mp4")).toBe("m4a");
    expect(extOfMime("application/pdf")).toBe("pdf");
    expect(extOfMime("application/octet-stream")).toBeUndefined();
  });
});
