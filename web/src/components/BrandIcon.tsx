import { Icon } from "./Icon";

/** The product's mark: the chat bubble on the brand colour (drawer, public pages). */
export function BrandIcon({ iconClass = "size-4" }: { iconClass?: string }) {
  return (
    <span className="flex size-8 items-center justify-center rounded-lg bg-brand-600 text-white dark:bg-brand-500 dark:text-brand-950">
      <Icon name="chat" className={iconClass} />
    </span>
  );
}
