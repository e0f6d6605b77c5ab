import { describe, expect, test } from "bun:test";
import { addressAllowed, ipOf, nameAllowed, parseAllowList, refusedRange } from "./address";
import { createOutbound } from "./guard";

describe("address policy", () => {
  const refused: [string, string][] = [
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.5.4", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.169.254", "linkLocal"],
    ["100.64.0.1", "carrierGradeNat"],
    ["100.127.255.255", "carrierGradeNat"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved"],
    ["192.0.2.1", "reserved"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456::1", "uniqueLocal"],
    ["ff02::1", "multicast"],
    ["fec0::1", "deprecatedSiteLocal"],
    ["2001:db8::1", "reserved"],
    ["2001::1", "teredo"],
    // IPv4-mapped, IPv4-compatible, NAT64 and 6to4 forms carry the IPv4 address they point at
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:169.254.169.254", "linkLocal"],
    ["::ffff:10.0.0.1", "private"],
    ["::7f00:1", "reserved"],
    ["64:ff9b::a9fe:a9fe", "linkLocal"],
    ["64:ff9b::7f00:1", "loopback"],
    ["2002:7f00:1::", "loopback"],
    ["2002:c0a8:101::1", "private"],
  ];
  test.each(refused)("%s is refused (%s)", (ip, range) => {
    expect(refusedRange(ip)).toBe(range);
  });

  const allowed = [
    "8.8.8.8",
    "1.1.1.1",
    "93.184.216.34",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001::1",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
  ];
  test.each(allowed)("%s is a public address", (ip) => {
    expect(refusedRange(ip)).toBeNull();
  });

  test("not an address at all is refused", () => {
    expect(refusedRange("example.com")).toBe("invalid");
    expect(ipOf("example.com")).toBeNull();
    expect(ipOf("[::1]")?.toString()).toBe("::1");
  });
});

describe("URLs refused when saved (literal host)", () => {
  const guard = createOutbound({ allow: [] });
  const refused = [
    "http://127.0.0.1:5678/webhook",
    "http://localhost:5678/",
    "http://LOCALHOST/",
    "http://localhost./",
    "http://app.localhost/",
    "http://[::1]/",
    "http://[0:0:0:0:0:0:0:1]/",
    "http://0x7f000001/",
    "http://0x7f.1/",
    "http://127.1/",
    "http://2130706433/",
    "http://017700000001/",
    "http://0177.0.0.1/",
    "http://127.0.0.1./",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:7f00:1]/",
    "http://0/",
    "http://0.0.0.0/",
    "http://169.254.169.254/latest/meta-data/",
    "http://[::ffff:169.254.169.254]/",
    "http://[fd00:ec2::254]/",
    "http://10.0.0.8/",
    "http://192.168.0.1/",
    "http://100.100.100.200/",
    "https://[fe80::1]/",
  ];
  test.each(refused)("%s", (url) => {
    expect(guard.refusedOnSave(url)).toBe("refusedAddress");
  });
  test.each(["ftp://example.com/", "file:///etc/passwd", "gopher://x/", "javascript:alert(1)", "not a url", "data:text/plain,x"])(
    "%s is not http(s)",
    (url) => {
      expect(guard.refusedOnSave(url)).toBe("badUrl");
    },
  );
  test.each(["https://n8n.example.com/webhook/x", "http://93.184.216.34/", "https://[2606:4700::1]/", "http://internal.test/"])(
    "%s passes (names are checked at each call)",
    (url) => {
      expect(guard.refusedOnSave(url)).toBeNull();
    },
  );
  test("the operator's allow list lets its hosts be saved", () => {
    const allow = parseAllowList("127.0.0.1, localhost, 10.0.0.0/8") as never;
    const g = createOutbound({ allow });
    expect(g.refusedOnSave("http://127.0.0.1:5678/")).toBeNull();
    expect(g.refusedOnSave("http://localhost:5678/")).toBeNull();
    expect(g.refusedOnSave("http://10.9.8.7/")).toBeNull();
    expect(g.refusedOnSave("http://[::1]/")).toBe("refusedAddress");
    expect(g.refusedOnSave("http://169.254.169.254/")).toBe("refusedAddress");
  });
});

describe("OUTBOUND_ALLOW", () => {
  test("names, *.domains, addresses and CIDR ranges", () => {
    const rules = parseAllowList("127.0.0.1, N8N.internal., *.corp.example, 10.0.0.0/8, fd00::/8, ::ffff:192.168.1.0/120");
    if (typeof rules === "string") throw new Error(rules);
    expect(addressAllowed("127.0.0.1", rules)).toBe(true);
    expect(addressAllowed("127.0.0.2", rules)).toBe(false);
    expect(addressAllowed("::ffff:127.0.0.1", rules)).toBe(true);
    expect(addressAllowed("10.200.3.4", rules)).toBe(true);
    expect(addressAllowed("11.0.0.1", rules)).toBe(false);
    expect(addressAllowed("fd00::5", rules)).toBe(true);
    expect(addressAllowed("192.168.1.7", rules)).toBe(true);
    expect(nameAllowed("n8n.internal", rules)).toBe(true);
    expect(nameAllowed("N8N.INTERNAL.", rules)).toBe(true);
    expect(nameAllowed("evil-n8n.internal", rules)).toBe(false);
    expect(nameAllowed("bot.corp.example", rules)).toBe(true);
    expect(nameAllowed("corp.example", rules)).toBe(false);
    expect(nameAllowed("notcorp.example", rules)).toBe(false);
  });
  test.each(["10.0.0.0/33", "http://x", "a b", "*", "1.2.3.4/x"])("%s is an invalid entry", (raw) => {
    expect(typeof parseAllowList(raw)).toBe("string");
  });
  test("empty means nothing beyond the policy", () => {
    expect(parseAllowList("")).toEqual([]);
    expect(parseAllowList(" , ")).toEqual([]);
  });
});
