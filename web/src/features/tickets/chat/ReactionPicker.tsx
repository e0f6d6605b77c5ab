import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { Icon } from "../../../components/Icon";
import { useT } from "../../../i18n";

/** The reactions offered on a message (WhatsApp's quick row). */
const QUICK = ["👍", "❤️", "😂", "😮", "😢", "🙏"] as const;

/** A small button on a message that reacts to it with one of the quick emojis. */
export function ReactionPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const t = useT();
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={t("chat.react")}
        title={t("chat.react")}
        data-testid="react"
        className="inline-flex size-7 items-center justify-center rounded-md text-muted hover:bg-black/5 hover:text-ink data-[open]:bg-black/5 dark:hover:bg-white/10"
      >
        <Icon name="smile" className="size-4" />
      </PopoverButton>
      <PopoverPanel anchor="top" className="z-50 flex gap-0.5 rounded-full border border-line bg-surface p-1 shadow-pop [--anchor-gap:6px]">
        {({ close }) => (
          <>
            {QUICK.map((e) => (
              <button
                key={e}
                type="button"
                aria-label={e}
                className="flex size-8 items-center justify-center rounded-full text-lg hover:bg-raised"
                onClick={() => {
                  onPick(e);
                  close();
                }}
              >
                {e}
              </button>
            ))}
          </>
        )}
      </PopoverPanel>
    </Popover>
  );
}
