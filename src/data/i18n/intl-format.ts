/**
 * Shared `Intl` formatters, one per locale and options. Building a formatter costs far more than
 * using one (about 2 ms for a `DateTimeFormat` on these machines): a list that built one per row
 * and cell spent 36 ms of its first render on it (docs/performance.md#first-visit-of-the-lift-list).
 */

/** Enough formatters for every locale and option set the screens use; a runaway key set stays bounded. */
const MAX_CACHED = 200;

/** `create(locale, options)`, built once per locale and options. */
function cachedBy<O, F>(create: (locale: string | undefined, options?: O) => F) {
  const cache = new Map<string, F>();
  return (locale: string | undefined, options?: O): F => {
    const key = `${locale}|${JSON.stringify(options ?? {})}`;
    let format = cache.get(key);
    if (format === undefined) {
      if (cache.size >= MAX_CACHED) cache.clear();
      format = create(locale, options);
      cache.set(key, format);
    }
    return format;
  };
}

/** `new Intl.NumberFormat(locale, options)`, built once per locale and options. */
export const numberFormat = cachedBy(
  (locale, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(locale, options),
);

/** `new Intl.DateTimeFormat(locale, options)`, built once per locale and options. */
export const dateTimeFormat = cachedBy(
  (locale, options?: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(locale, options),
);

/** `new Intl.RelativeTimeFormat(locale, options)`, built once per locale and options. */
export const relativeTimeFormat = cachedBy(
  (locale, options?: Intl.RelativeTimeFormatOptions) => new Intl.RelativeTimeFormat(locale, options),
);
