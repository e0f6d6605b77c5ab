import { type ReactNode, type UIEvent, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";

const OVERSCAN = 6;

/** The first index whose row ends below `y` (offsets[i] is the top of row i, offsets[n] the total). */
function rowAt(offsets: number[], y: number) {
  let lo = 0;
  let hi = offsets.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (offsets[mid] <= y) lo = mid;
    else hi = mid - 1;
  }
  return Math.max(0, lo);
}

/**
 * A windowed list: only the rows in view (plus a few around them) are in the DOM, so thousands of
 * items scroll smoothly. Rows take the height of their content (measured once shown; `rowHeight` is
 * the estimate for rows not measured yet), so a card with many tags grows instead of cutting them.
 * `onNearEnd` fires when the bottom is within `endThreshold` px (infinite scroll), also when the
 * first rows do not fill the box.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  render,
  itemKey,
  onNearEnd,
  endThreshold = 100,
  footer,
  testId,
}: {
  items: T[];
  rowHeight: number;
  render: (item: T, index: number) => ReactNode;
  itemKey: (item: T) => string | number;
  onNearEnd?: () => void;
  endThreshold?: number;
  footer?: ReactNode;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const [height, setHeight] = useState(600);
  const measured = useRef(new Map<string, number>());
  const [, setVersion] = useState(0);
  const observer = useRef<ResizeObserver | null>(null);
  const rowHeightRef = useRef(rowHeight);
  rowHeightRef.current = rowHeight;

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setHeight(el.clientHeight);
    const ro = new ResizeObserver(() => setHeight(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  // One observer for every shown row: a row whose height changed re-lays the list out.
  useEffect(() => {
    const ro = new ResizeObserver((entries) => {
      let changed = false;
      for (const e of entries) {
        const key = (e.target as HTMLElement).dataset.rowKey;
        if (key === undefined) continue;
        const h = Math.round((e.target as HTMLElement).offsetHeight);
        if (h <= 0) continue;
        // Only a height other than the one laid out (the estimate at first) re-lays the list out.
        if ((measured.current.get(key) ?? rowHeightRef.current) !== h) changed = true;
        measured.current.set(key, h);
      }
      if (changed) setVersion((v) => v + 1);
    });
    observer.current = ro;
    return () => ro.disconnect();
  }, []);

  const watch = useCallback((el: HTMLDivElement | null) => {
    const ro = observer.current;
    if (!el || !ro) return;
    ro.observe(el);
    return () => ro.unobserve(el);
  }, []);

  const check = (el: HTMLDivElement) => {
    if (el.scrollHeight - el.scrollTop - el.clientHeight < endThreshold) onNearEnd?.();
  };

  // A first page shorter than the box never scrolls: ask for more until it fills.
  useEffect(() => {
    if (box.current) check(box.current);
  }, [items.length, height]);

  const onScroll = (e: UIEvent<HTMLDivElement>) => {
    setScrollTop(e.currentTarget.scrollTop);
    check(e.currentTarget);
  };

  const offsets = new Array<number>(items.length + 1);
  offsets[0] = 0;
  for (let i = 0; i < items.length; i++) offsets[i + 1] = offsets[i] + (measured.current.get(String(itemKey(items[i]))) ?? rowHeight);
  const first = Math.max(0, rowAt(offsets, scrollTop) - OVERSCAN);
  const last = Math.min(items.length, rowAt(offsets, scrollTop + height) + 1 + OVERSCAN);
  const visible = items.slice(first, last);

  return (
    <div ref={box} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto overscroll-contain" data-testid={testId}>
      <div style={{ height: offsets[items.length], position: "relative" }}>
        {visible.map((item, i) => {
          const key = itemKey(item);
          return (
            <div key={key} ref={watch} data-row-key={key} style={{ position: "absolute", top: offsets[first + i], left: 0, right: 0, minHeight: rowHeight }}>
              {render(item, first + i)}
            </div>
          );
        })}
      </div>
      {footer}
    </div>
  );
}
