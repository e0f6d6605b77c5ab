import type { ReactNode } from "react";

const WIDTHS = { xl: "max-w-xl", "3xl": "max-w-3xl", "4xl": "max-w-4xl", "5xl": "max-w-5xl", "6xl": "max-w-6xl" } as const;

/** A page's title (the one h1 of list pages and the other pages alike). */
export function PageTitle({ className = "", children }: { className?: string; children: ReactNode }) {
  return <h1 className={`text-2xl font-semibold tracking-tight text-ink ${className}`}>{children}</h1>;
}

/**
 * The frame of a page that is not a list (ListPage frames those): a centred column of `width`, the
 * title with an optional subtitle and, beside it, the page's `actions`, then the page's cards.
 */
export function Page({
  title,
  subtitle,
  actions,
  width = "5xl",
  testId,
  children,
}: {
  title: string;
  subtitle?: string;
  actions?: ReactNode;
  width?: keyof typeof WIDTHS;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className={`mx-auto flex ${WIDTHS[width]} flex-col gap-5 px-4 py-6 sm:px-8`} data-testid={testId}>
      <div className="flex flex-wrap items-center gap-3">
        <div className="mr-auto">
          <PageTitle>{title}</PageTitle>
          {subtitle && <p className="mt-1 text-sm text-muted">{subtitle}</p>}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}

/** A card of a page: bordered and padded, with an optional heading (h2) and hint above its content. */
export function Card({
  title,
  hint,
  className = "flex flex-col gap-4",
  testId,
  children,
}: {
  title?: string;
  hint?: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <section className={`rounded-card border border-line bg-surface p-5 shadow-card ${className}`} data-testid={testId}>
      {title && (
        <div>
          <h2 className="text-sm font-semibold text-ink">{title}</h2>
          {hint && <p className="mt-1 text-sm text-muted">{hint}</p>}
        </div>
      )}
      {children}
    </section>
  );
}
