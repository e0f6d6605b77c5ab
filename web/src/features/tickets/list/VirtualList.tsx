import { type ReactNode, type UIEvent, useEffect, useLayoutEffect, useRef, useState } from "react";

const OVERSCAN = 6;

/**
 * A windowed list with a fixed row height: only the rows in view (plus a few around them) are in the
 * DOM, so thousands of items scroll smoothly. `onNearEnd` fires when the bottom is within
 * `endThreshold` px (infinite scroll), also when the first rows do not fill the box.
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

  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setHeight(el.clientHeight);
    const ro = new ResizeObserver(() => setHeight(el.clientHeight));
    ro.observe(el);
    return () => ro.disconnect();
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

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN);
  const last = Math.min(items.length, Math.ceil((scrollTop + height) / rowHeight) + OVERSCAN);
  const visible = items.slice(first, last);

  return (
    <div ref={box} onScroll={onScroll} className="min-h-0 flex-1 overflow-y-auto overscroll-contain" data-testid={testId}>
      <div style={{ height: items.length * rowHeight, position: "relative" }}>
        {visible.map((item, i) => (
          <div key={itemKey(item)} style={{ position: "absolute", top: (first + i) * rowHeight, left: 0, right: 0, height: rowHeight }}>
            {render(item, first + i)}
          </div>
        ))}
      </div>
      {footer}
    </div>
  );
}
