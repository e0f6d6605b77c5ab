import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { useSignals } from "@preact/signals-react/runtime";
import { Icon } from "../components/Icon";
import { useT } from "../i18n";
import { setVolume, volume } from "../stores/ui";
import { BAR_BUTTON, BarLabel, barName } from "./BarButton";

/** Notification volume 0..1 in steps of 0.1, stored as volume. */
export function VolumeControl() {
  useSignals();
  const t = useT();
  const v = volume.value;
  return (
    <Popover>
      <PopoverButton {...barName(t("topbar.volume"))} className={BAR_BUTTON}>
        <Icon name={v === 0 ? "mute" : "volume"} className="size-5" />
        <BarLabel text={t("topbar.volumeShort")} />
      </PopoverButton>
      <PopoverPanel anchor="bottom" className="z-50 flex items-center gap-3 rounded-xl border border-line bg-surface px-4 py-3 shadow-pop [--anchor-gap:6px]">
        <input
          type="range"
          min={0}
          max={1}
          step={0.1}
          value={v}
          aria-label={t("topbar.volume")}
          onChange={(e) => setVolume(Number(e.target.value))}
          className="w-36 accent-brand-600"
        />
        <span className="w-8 text-right text-xs tabular-nums text-muted">{Math.round(v * 100)}%</span>
      </PopoverPanel>
    </Popover>
  );
}
