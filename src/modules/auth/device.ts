import Bowser from "bowser";

/** A session's device and browser as people read them ("Desktop · Linux", "Firefox 128"), bounded. */
export function describeDevice(userAgent: string | null | undefined): { device: string; browser: string } {
  const ua = (userAgent ?? "").slice(0, 512);
  if (!ua) return { device: "", browser: "" };
  try {
    const p = Bowser.parse(ua);
    const kind = p.platform.type ? p.platform.type[0].toUpperCase() + p.platform.type.slice(1) : "";
    const os = [p.os.name, p.os.versionName ?? p.os.version?.split(".")[0]].filter(Boolean).join(" ");
    const model = p.platform.model && p.platform.model !== os ? p.platform.model : "";
    const device = [kind, model || os].filter(Boolean).join(" · ");
    const browser = [p.browser.name, p.browser.version?.split(".")[0]].filter(Boolean).join(" ");
    return { device: device.slice(0, 80), browser: (browser || ua.split(/[\s/]/)[0]).slice(0, 80) };
  } catch {
    return { device: "", browser: ua.split(/[\s/]/)[0].slice(0, 80) };
  }
}
