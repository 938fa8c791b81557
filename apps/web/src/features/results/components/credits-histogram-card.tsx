import * as React from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingState } from '@/components/states';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { HISTOGRAM_HEIGHT, toChartBuckets } from '../outcome';
import { useCreditsDistribution } from '../queries';
import CreditsChart from './credits-chart';

/** Who reads the chart: the family itself ("Ihr Bereich") or staff ("Bereich dieser Familie"). */
export type HistogramAudience = 'parent' | 'staff';

function Legend({ audience }: { audience: HistogramAudience }) {
  const { t } = useTranslation();
  return (
    <ul className="text-muted-foreground flex flex-wrap gap-4 text-xs" aria-hidden="true">
      <li className="flex items-center gap-1.5">
        <span className="size-3 rounded-sm bg-orange-500" />
        {t(audience === 'staff' ? 'results.histogram.staff.yours' : 'results.histogram.yours')}
      </li>
      <li className="flex items-center gap-1.5">
        <span className="size-3 rounded-sm bg-blue-900 dark:bg-blue-400" />
        {t('results.histogram.others')}
      </li>
    </ul>
  );
}

/**
 * The credits histogram of the parent details page (shown for approved parents to
 * staff and to the parent themselves): counts only, never another family. Screen readers get the
 * figures as the chart's label. A failed load is only logged (docs/wire.md "Errors") and the card shows
 * a short note instead of the chart.
 */
export function CreditsHistogramCard({ parentId, audience, className }: { parentId: string; audience: HistogramAudience; className?: string }) {
  const { t } = useTranslation();
  const query = useCreditsDistribution(parentId, true);
  const buckets = React.useMemo(
    () => toChartBuckets(query.data, (lo, hi) => t('results.histogram.bucket', { lo, hi })),
    [query.data, t],
  );
  const yours = buckets.find((b) => b.yours);
  React.useEffect(() => {
    if (query.error) console.error('credits distribution', query.error);
  }, [query.error]);

  const staff = audience === 'staff';
  const summary = t(staff ? 'results.histogram.staff.summary' : 'results.histogram.summary', {
    buckets: buckets.map((b) => t('results.histogram.summaryItem', { range: b.label, count: b.value })).join('; '),
    yours: yours?.label ?? '-',
  });

  return (
    <Card className={className} data-qa="credits-histogram">
      <CardHeader>
        <CardTitle>
          <h2>{t('results.histogram.title')}</h2>
        </CardTitle>
        <CardDescription>{t(staff ? 'results.histogram.staff.description' : 'results.histogram.description')}</CardDescription>
        <p className="text-muted-foreground text-xs" data-qa="credits-rule">
          {t(staff ? 'results.histogram.staff.explain' : 'results.histogram.explain')}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        {query.isLoading ? (
          <LoadingState className="min-h-[400px]" />
        ) : query.error ? (
          <p className="text-muted-foreground text-sm" data-qa="histogram-error">
            {t('results.histogram.loadFailed')}
          </p>
        ) : buckets.length === 0 ? (
          <p className="text-muted-foreground text-sm">{t('results.histogram.empty')}</p>
        ) : (
          <>
            <div role="img" aria-label={summary} data-qa="histogram-chart" data-yours={yours?.name ?? ''} style={{ height: HISTOGRAM_HEIGHT }}>
              <CreditsChart buckets={buckets} audience={audience} />
            </div>
            <Legend audience={audience} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
