import { useEffect, useRef } from "react";
import type uPlot from "uplot";
import { useT } from "../../i18n";

/**
 * Today's tickets per hour (24 bars) drawn with uPlot, which is loaded on first use (a dynamic
 * import: the chart library stays out of the main bundle and of every other page).
 */
export function HourlyChart({ hourly }: { hourly: number[] }) {
  const t = useT();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    let chart: uPlot | null = null;
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    void import("uplot").then(({ default: UPlot }) => {
      if (cancelled) return;
      const css = getComputedStyle(el);
      const brand = css.getPropertyValue("--color-brand-600").trim() || "#0f7a55";
      const muted = css.getPropertyValue("--color-muted").trim() || "#64748b";
      const hours = Array.from({ length: 24 }, (_, h) => h);
      const opts: uPlot.Options = {
        width: el.clientWidth,
        height: 220,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: false, range: [-0.5, 23.5] }, y: { range: (_u, _min, max) => [0, Math.max(4, Math.ceil(max * 1.15))] } },
        axes: [
          {
            stroke: muted,
            grid: { show: false },
            values: (_u, v) => v.map((h) => (Number.isInteger(h) && h % 3 === 0 ? `${String(h).padStart(2, "0")}h` : "")),
          },
          { stroke: muted, grid: { stroke: "rgba(100,116,139,0.15)" }, values: (_u, v) => v.map((n) => (Number.isInteger(n) ? String(n) : "")) },
        ],
        series: [{}, { label: t("dashboard.tickets"), fill: brand, stroke: brand, paths: UPlot.paths.bars?.({ size: [0.7, 40] }), points: { show: false } }],
      };
      chart = new UPlot(opts, [hours, hourly], el);
      observer = new ResizeObserver(() => chart?.setSize({ width: el.clientWidth, height: 220 }));
      observer.observe(el);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [hourly.join(",")]);
  return <div ref={box} data-testid="hourly-chart" className="min-h-[220px] w-full" aria-label={t("dashboard.chartTitle")} role="img" />;
}
