import { useSignals } from "@preact/signals-react/runtime";
import { theme } from "../../../stores/ui";
import { initials } from "../format";

const HUES = [160, 200, 260, 320, 20, 45, 120, 230];

/** Contact picture, or initials on a colour picked from the name (softer in dark mode). */
export function Avatar({ name, url, size = 44 }: { name: string; url?: string | null; size?: number }) {
  useSignals();
  const dark = theme.value === "dark";
  const hue = HUES[[...name].reduce((a, c) => a + c.charCodeAt(0), 0) % HUES.length];
  const style = { width: size, height: size, fontSize: size * 0.36 };
  if (url && /^https?:\/\//.test(url)) {
    return <img src={url} alt="" style={style} className="shrink-0 rounded-full object-cover" loading="lazy" referrerPolicy="no-referrer" />;
  }
  return (
    <span
      aria-hidden
      style={{ ...style, backgroundColor: dark ? `hsl(${hue} 30% 26%)` : `hsl(${hue} 55% 92%)`, color: dark ? `hsl(${hue} 60% 82%)` : `hsl(${hue} 45% 30%)` }}
      className="flex shrink-0 items-center justify-center rounded-full font-semibold"
    >
      {initials(name)}
    </span>
  );
}
