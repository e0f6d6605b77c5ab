import { LIMITS } from "@contract/limits";
import type { QuickMessage } from "../../../api/tickets";

const cut = (s: string) => (s.length > LIMITS.quickAnswerLabelMax ? `${s.slice(0, LIMITS.quickAnswerLabelMax)}…` : s);

/** Suggestions for "/" + at least one more character: shortcode and text, labels cut at 35. */
export function QuickAnswers({ input, answers, onPick }: { input: string; answers: QuickMessage[]; onPick: (text: string) => void }) {
  if (!input.startsWith("/") || input.length < 2) return null;
  const q = input.slice(1).toLowerCase();
  const found = answers.filter((a) => a.shortcode.toLowerCase().includes(q)).slice(0, 8);
  if (!found.length) return null;
  return (
    <div
      className="absolute inset-x-3 bottom-full mb-2 overflow-hidden rounded-xl border border-line bg-surface py-1 shadow-pop"
      role="listbox"
      data-testid="quick-answers"
    >
      {found.map((a) => (
        <div key={a.id}>
          <button
            type="button"
            role="option"
            aria-selected={false}
            onClick={() => onPick(a.message)}
            className="flex w-full items-center gap-2 px-3 py-2 text-left text-sm hover:bg-raised"
          >
            <span className="font-semibold text-brand-700 dark:text-brand-300">/{a.shortcode}</span>
            <span className="truncate text-muted">{cut(`${a.shortcode} - ${a.message}`)}</span>
          </button>
        </div>
      ))}
    </div>
  );
}
