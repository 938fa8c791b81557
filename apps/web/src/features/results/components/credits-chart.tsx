import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, Label, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps, type TooltipValueType } from 'recharts';
import { useIsMobile } from '@/hooks/use-mobile';
import { useTheme } from '@/lib/theme';
import { HISTOGRAM_HEIGHT, type ChartBucket } from '../outcome';

/**
 * The recharts part of the credits histogram, in its own module so that only the parent details
 * page loads recharts (CreditsHistogramCard imports it lazily). Spec: 400px high, bar gap 30%, no
 * animation, this parent's bucket orange and the others dark blue.
 */

const ORANGE = '#f97316';
// Dark blue; on the dark theme a lighter blue keeps the 3:1 contrast of graphics (WCAG 1.4.11).
const DARK_BLUE = { light: '#1e3a8a', dark: '#60a5fa' };

function useDark(): boolean {
  const { theme } = useTheme();
  if (theme === 'system') return window.matchMedia('(prefers-color-scheme: dark)').matches;
  return theme === 'dark';
}

function HistogramTooltip({ active, payload }: TooltipContentProps<TooltipValueType, string | number>) {
  const { t } = useTranslation();
  const bucket = payload?.[0]?.payload as ChartBucket | undefined;
  if (!active || !bucket) return null;
  return (
    <div className="bg-popover text-popover-foreground rounded-md border px-3 py-2 text-sm shadow-md" data-qa="histogram-tooltip">
      <p className="font-medium">{t('results.histogram.range', { range: bucket.label })}</p>
      <p>{t('results.histogram.parents', { count: bucket.value })}</p>
      {bucket.yours && <p className="text-xs font-medium text-orange-700 dark:text-orange-300">{t('results.histogram.yours')}</p>}
    </div>
  );
}

export default function CreditsChart({ buckets }: { buckets: ChartBucket[] }) {
  const { t } = useTranslation();
  const others = DARK_BLUE[useDark() ? 'dark' : 'light'];
  // On a phone six range labels do not fit side by side: they are slanted instead.
  const narrow = useIsMobile();
  return (
    <ResponsiveContainer width="100%" height={HISTOGRAM_HEIGHT}>
      {/* The chart is described to screen readers by the figure around it; no keyboard layer needed. */}
      <BarChart data={buckets} barCategoryGap="30%" margin={{ top: 8, right: 8, bottom: narrow ? 4 : 28, left: narrow ? 28 : 8 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} className="stroke-border" />
        <XAxis
          dataKey="label"
          tick={{ fontSize: 12 }}
          interval={0}
          angle={narrow ? -40 : 0}
          textAnchor={narrow ? 'end' : 'middle'}
          height={narrow ? 84 : 30}
        >
          <Label
            value={t('results.histogram.xAxis')}
            position={narrow ? 'insideBottom' : 'bottom'}
            offset={narrow ? 0 : 8}
            className="fill-foreground text-xs"
          />
        </XAxis>
        <YAxis allowDecimals={false} tick={{ fontSize: 12 }} width={40}>
          <Label value={t('results.histogram.yAxis')} angle={-90} position="insideLeft" className="fill-foreground text-xs" />
        </YAxis>
        <Tooltip content={HistogramTooltip} cursor={{ fillOpacity: 0.1 }} isAnimationActive={false} />
        <Bar dataKey="value" isAnimationActive={false} radius={[4, 4, 0, 0]}>
          {buckets.map((bucket) => (
            <Cell key={bucket.name} fill={bucket.yours ? ORANGE : others} data-qa={bucket.yours ? 'histogram-bar-yours' : 'histogram-bar'} />
          ))}
        </Bar>
      </BarChart>
    </ResponsiveContainer>
  );
}
