/**
 * Runs `refresh` every `minutes` (docs/sims.md), the first time after `firstDelayMs`; 0 minutes
 * schedules nothing. One process at a time is the refresh's own business (an advisory lock), so
 * every process may keep a schedule. Answers the function that stops it.
 */
export function scheduleRefresh(
  refresh: () => Promise<unknown>,
  { minutes, firstDelayMs }: { minutes: number; firstDelayMs: number | null },
  onError: (error: unknown) => void,
): () => void {
  if (minutes <= 0) return () => {};
  const run = () => void refresh().catch(onError);
  const timers = [setInterval(run, minutes * 60_000)];
  if (firstDelayMs !== null) timers.push(setTimeout(run, firstDelayMs));
  for (const timer of timers) timer.unref();
  return () => {
    for (const timer of timers) clearTimeout(timer);
  };
}
