import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { Field, type FieldProps } from "../../components/Field";
import { Icon } from "../../components/Icon";
import { useT } from "../../i18n";
import { PALETTE } from "./palette";

/** A colour field: the hex text plus a popover with the 50 preset colours. */
export function ColorPicker({ label, name, value, onValue, error, hint }: FieldProps<string>) {
  const t = useT();
  return (
    <Field label={label} error={error} hint={hint}>
      <div className="flex items-center gap-2">
        <Popover className="relative">
          <PopoverButton
            aria-label={t("queues.pickColor")}
            className="flex size-10 items-center justify-center rounded-lg border border-line shadow-sm focus:ring-4 focus:ring-brand-500/15 focus:outline-none"
            style={{ backgroundColor: value || "transparent" }}
          >
            {!value && <Icon name="chevronDown" className="size-4 text-subtle" />}
          </PopoverButton>
          <PopoverPanel
            anchor="bottom start"
            className="z-50 grid grid-cols-10 gap-1.5 rounded-xl border border-line bg-surface p-3 shadow-pop [--anchor-gap:6px]"
          >
            {({ close }) => (
              <>
                {PALETTE.map((c) => (
                  <button
                    key={c}
                    type="button"
                    title={c}
                    aria-label={c}
                    data-testid="palette-color"
                    onClick={() => {
                      onValue(c);
                      close();
                    }}
                    className={`size-6 rounded-md ring-offset-2 ring-offset-surface hover:scale-110 ${value.toLowerCase() === c ? "ring-2 ring-ink" : ""}`}
                    style={{ backgroundColor: c }}
                  />
                ))}
              </>
            )}
          </PopoverPanel>
        </Popover>
        <input
          name={name}
          value={value}
          onChange={(e) => onValue(e.target.value)}
          aria-label={label}
          placeholder="#22c55e"
          className={`block h-10 w-full rounded-lg border bg-surface px-3 font-mono text-sm text-ink shadow-sm focus:ring-4 focus:outline-none ${
            error ? "border-red-500 focus:ring-red-500/15" : "border-line focus:border-brand-500 focus:ring-brand-500/15"
          }`}
        />
      </div>
    </Field>
  );
}
