import { createFileRoute } from '@tanstack/react-router';
import { loadScreenCatalog } from '../../../../data/i18n/i18n';
import { useUnusualLiftsFilter } from '../../../../features/early-warnings/unusual-lifts';
import { LiftsListPage } from '../../../../features/lifts/LiftsListPage';
import { firstLiftPageSettled, prefetchFirstLiftPage } from '../../../../features/lifts/lift-list-prefetch';

export const Route = createFileRoute('/_app/apps/lift/lifts/')({
  loader: async ({ preload }) => {
    // A first visit reads the list from the API: ask for it while the screen's code loads, not after,
    // and mount the list with it when it comes soon (docs/performance.md#first-visit-of-the-lift-list).
    // A hover's preload does not ask.
    if (preload) return loadScreenCatalog();
    prefetchFirstLiftPage();
    await Promise.all([loadScreenCatalog(), firstLiftPageSettled()]);
  },
  component: LiftsRoute,
});

/** The lift list with the early warnings' mark and filter of unusual lifts. */
function LiftsRoute() {
  return <LiftsListPage unusual={useUnusualLiftsFilter()} />;
}
