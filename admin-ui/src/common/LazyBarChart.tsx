import { Skeleton } from '@mui/material';
import type { BarChartProps } from '@mui/x-charts/BarChart';
import { lazy, Suspense } from 'react';

// The charts library (with d3) is a fifth of the console's code and no chart is needed for the first
// screen to work: it loads in a chunk of its own, beside the data the chart shows.
const BarChart = lazy(() => import('@mui/x-charts/BarChart').then((module) => ({ default: module.BarChart })));

/** MUI X's BarChart, its code loaded on demand; a skeleton of the chart's height until it is here. */
export function LazyBarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={props.height} aria-label="Loading" />}>
      <BarChart {...props} />
    </Suspense>
  );
}
