/** A small spinning ring. */
export function Spinner({ className = "size-5", label }: { className?: string; label?: string }) {
  return (
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" role="status" aria-label={label}>
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21.5 12A9.5 9.5 0 0 0 12 2.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A centred spinner filling its container (route loading). */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex h-full min-h-40 items-center justify-center text-brand-600">
      <Spinner className="size-8" label={label} />
    </div>
  );
}

/** A spinner in the flow of a page or a card, while its content loads. */
export function BlockSpinner() {
  return <Spinner className="mx-auto my-10 size-6 text-brand-600" />;
}
