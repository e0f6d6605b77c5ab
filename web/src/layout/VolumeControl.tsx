import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { useSignals } from "@preact/signals-react/runtime";
import { Icon } from "../components/Icon";
import { useT } from "../i18n";
import { setVolume, volume } from "../stores/ui";

/** Notification volume 0..1 in steps of 0.1, stored as volume. */
export function VolumeControl() {
  useSignals();
  const t = useT();
  const v = volume.value;
  return (
    <Popover>
      <PopoverButton
        aria-label={t("topbar.volume")}
        title={t("topbar.volume")}
        className="inline-flex size-9 items-center justify-center rounded-lg text-muted transition-colors hover:bg-raised hover:text-ink data-[open]:bg-raised"
      >
        <Icon name={v === 0 ? "mute" : "volume"} className="size-5" />
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
