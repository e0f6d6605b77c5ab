import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { Icon } from "../../../components/Icon";
import { useT } from "../../../i18n";

const EMOJIS = [
  "😀",
  "😃",
  "😄",
  "😁",
  "😆",
  "😅",
  "😂",
  "🤣",
  "😊",
  "😇",
  "🙂",
  "😉",
  "😍",
  "🥰",
  "😘",
  "😋",
  "😎",
  "🤩",
  "🥳",
  "😏",
  "😌",
  "🤔",
  "🤨",
  "😐",
  "😶",
  "🙄",
  "😬",
  "😮",
  "😯",
  "😲",
  "😴",
  "🤤",
  "😢",
  "😭",
  "😤",
  "😠",
  "😡",
  "🤯",
  "😳",
  "🥺",
  "😱",
  "😨",
  "🤗",
  "🤭",
  "🤫",
  "😷",
  "🤒",
  "🤝",
  "👍",
  "👎",
  "👌",
  "✌️",
  "🤞",
  "👏",
  "🙌",
  "🙏",
  "💪",
  "👋",
  "👀",
  "✅",
  "❌",
  "⚠️",
  "❓",
  "❗",
  "❤️",
  "🧡",
  "💛",
  "💚",
  "💙",
  "💜",
  "🖤",
  "💔",
  "✨",
  "⭐",
  "🔥",
  "🎉",
  "🎁",
  "📞",
  "📦",
  "🚚",
  "💰",
  "💳",
  "🧾",
  "📅",
  "⏰",
  "📍",
  "📎",
  "📝",
  "📷",
  "🎧",
  "💡",
  "🔒",
  "☕",
  "🍕",
  "🌞",
  "🌙",
];

/** A small built-in emoji grid; picking inserts at the caret. */
export function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const t = useT();
  return (
    <Popover className="relative">
      <PopoverButton
        aria-label={t("chat.emoji")}
        title={t("chat.emoji")}
        className="inline-flex size-9 items-center justify-center rounded-lg text-muted transition-colors hover:bg-raised hover:text-ink data-[open]:bg-raised"
      >
        <Icon name="smile" className="size-5" />
      </PopoverButton>
      <PopoverPanel
        anchor="top start"
        className="z-50 grid w-72 grid-cols-8 gap-0.5 rounded-xl border border-line bg-surface p-2 shadow-pop [--anchor-gap:8px]"
      >
        {({ close }) => (
          <>
            {EMOJIS.map((e) => (
              <button
                key={e}
                type="button"
                className="flex size-8 items-center justify-center rounded-md text-lg hover:bg-raised"
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
