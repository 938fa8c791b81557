import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '@/hooks/use-mobile';
import { useTheme } from '@/lib/theme';
import { HISTOGRAM_HEIGHT, type ChartBucket } from '../outcome';
import { barPath, bandLayout, niceTicks } from './histogram-scale';

/**
 * The credits histogram as plain SVG (400px high, bar gap 30%, no animation, this parent's
 * bucket orange and the others dark blue; the tooltip names the range and the parent count).
 * Six bars need no chart library: this replaced recharts, which was 92 KB of the parent's page.
 */

const ORANGE = '#f97316';
// Dark blue; on the dark theme a lighter blue keeps the 3:1 contrast of graphics (WCAG 1.4.11).
const DARK_BLUE = { light: '#1e3a8a', dark: '#60a5fa' };
const TICK_COLOUR = '#666';
const Y_AXIS_WIDTH = 40;

function useDark(): boolean {
  const { theme } = useTheme();
  if (theme === 'system') return window.matchMedia('(prefers-color-scheme: dark)').matches;
  return theme === 'dark';
}

/** The width of an element, followed as it resizes (0 before the first layout). */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = React.useState(0);
  React.useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.getBoundingClientRect().width);
    const observer = new ResizeObserver((entries) => {
      const box = entries[0]?.contentRect;
      if (box) setWidth(box.width);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

function HistogramTooltip({ bucket, left, top, staff }: { bucket: ChartBucket; left: number; top: number; staff: boolean }) {
  const { t } = useTranslation();
  return (
    <div
      className="bg-popover text-popover-foreground pointer-events-none absolute z-10 rounded-md border px-3 py-2 text-sm whitespace-nowrap shadow-md"
      style={{ left, top }}
      data-qa="histogram-tooltip"
    >
      <p className="font-medium">{t('results.histogram.range', { range: bucket.label })}</p>
      <p>{t('results.histogram.parents', { count: bucket.value })}</p>
      {bucket.yours && <p className="text-xs font-medium text-orange-700 dark:text-orange-300">{t(staff ? 'results.histogram.staff.yours' : 'results.histogram.yours')}</p>}
    </div>
  );
}

export default function CreditsChart({ buckets, audience }: { buckets: ChartBucket[]; audience: 'parent' | 'staff' }) {
  const { t } = useTranslation();
  const others = DARK_BLUE[useDark() ? 'dark' : 'light'];
  // On a phone six range labels do not fit side by side: they are slanted instead.
  const narrow = useIsMobile();
  const box = React.useRef<HTMLDivElement>(null);
  const width = useWidth(box);
  const [active, setActive] = React.useState<number | null>(null);

  const margin = { top: 8, right: 8, bottom: narrow ? 4 : 28, left: narrow ? 28 : 8 };
  const xAxisHeight = narrow ? 84 : 30;
  const plot = {
    left: margin.left + Y_AXIS_WIDTH,
    top: margin.top,
    width: Math.max(0, width - margin.left - Y_AXIS_WIDTH - margin.right),
    height: HISTOGRAM_HEIGHT - margin.top - margin.bottom - xAxisHeight,
  };
  const ticks = niceTicks(Math.max(0, ...buckets.map((b) => b.value)));
  const top = ticks[ticks.length - 1] || 1;
  const y = (value: number) => plot.top + plot.height - (value / top) * plot.height;
  const bands = bandLayout(buckets.length, plot.left, plot.width, 0.3);
  const bottom = plot.top + plot.height;
  const hovered = active === null ? undefined : buckets[active];
  const hoveredBand = active === null ? undefined : bands[active];

  return (
    <div ref={box} className="relative h-full w-full" onMouseLeave={() => setActive(null)}>
      {width > 0 && (
        <svg width={width} height={HISTOGRAM_HEIGHT} className="block overflow-visible" aria-hidden="true">
          {ticks.map((tick) => (
            <line key={`grid-${tick}`} x1={plot.left} x2={plot.left + plot.width} y1={y(tick)} y2={y(tick)} strokeDasharray="3 3" className="stroke-border" />
          ))}
          {hoveredBand && <rect x={hoveredBand.start} y={plot.top} width={hoveredBand.size} height={plot.height} fill="#ccc" fillOpacity={0.1} />}
          <g fontSize={12} fill={TICK_COLOUR}>
            {ticks.map((tick) => (
              <text key={`y-${tick}`} x={plot.left - 8} y={y(tick)} textAnchor="end" dominantBaseline="central">
                {tick}
              </text>
            ))}
            {buckets.map((bucket, i) => {
              const centre = bands[i]!.centre;
              return (
                <text
                  key={`x-${bucket.name}`}
                  x={centre}
                  y={bottom + 8}
                  textAnchor={narrow ? 'end' : 'middle'}
                  dominantBaseline="hanging"
                  transform={narrow ? `rotate(-40 ${centre} ${bottom + 8})` : undefined}
                >
                  {bucket.label}
                </text>
              );
            })}
          </g>
          <line x1={plot.left} x2={plot.left + plot.width} y1={bottom} y2={bottom} stroke={TICK_COLOUR} />
          <line x1={plot.left} x2={plot.left} y1={plot.top} y2={bottom} stroke={TICK_COLOUR} />
          <text
            x={plot.left + plot.width / 2}
            y={narrow ? HISTOGRAM_HEIGHT - margin.bottom - 4 : bottom + xAxisHeight + 8}
            textAnchor="middle"
            dominantBaseline={narrow ? 'auto' : 'hanging'}
            className="fill-foreground text-xs"
          >
            {t('results.histogram.xAxis')}
          </text>
          <text
            x={margin.left}
            y={plot.top + plot.height / 2}
            textAnchor="middle"
            dominantBaseline="hanging"
            transform={`rotate(-90 ${margin.left} ${plot.top + plot.height / 2})`}
            className="fill-foreground text-xs"
          >
            {t('results.histogram.yAxis')}
          </text>
          {buckets.map((bucket, i) => {
            const band = bands[i]!;
            return (
              <g key={bucket.name} onMouseEnter={() => setActive(i)}>
                {/* The whole band answers the pointer, as the chart did, so a short bar is easy to hover. */}
                <rect x={band.start} y={plot.top} width={band.size} height={plot.height} fill="transparent" />
                <path
                  d={barPath(band.barStart, y(bucket.value), band.barSize, bottom - y(bucket.value), 4)}
                  fill={bucket.yours ? ORANGE : others}
                  data-qa={bucket.yours ? 'histogram-bar-yours' : 'histogram-bar'}
                />
              </g>
            );
          })}
        </svg>
      )}
      {hovered && hoveredBand && (
        <HistogramTooltip
          bucket={hovered}
          left={Math.min(hoveredBand.centre + 12, Math.max(0, width - 180))}
          top={Math.max(0, y(hovered.value) - 24)}
          staff={audience === 'staff'}
        />
      )}
    </div>
  );
}
