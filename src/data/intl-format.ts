/**
 * Shared `Intl` formatters, one per locale and options. Building a formatter costs far more than
 * using one (about 2 ms for a `DateTimeFormat` on these machines): a list that built one per row
 * and cell spent 36 ms of its first render on it (docs/performance.md#first-visit-of-the-lift-list).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** Enough formatters for every locale and option set the screens use; a runaway key set stays bounded. */
const MAX_CACHED = 200;

function cached<F>(cache: Map<string, F>, key: string, create: () => F): F {
  let format = cache.get(key);
  if (format === undefined) {
    if (cache.size >= MAX_CACHED) cache.clear();
    format = create();
    cache.set(key, format);
  }
  return format;
}

/** `new Intl.NumberFormat(locale, options)`, built once per locale and options. */
export function numberFormat(
  locale: string | undefined,
  options?: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  return cached(
    numberFormats,
    `${locale}|${JSON.stringify(options ?? {})}`,
    () => new Intl.NumberFormat(locale, options),
  );
}

/** `new Intl.DateTimeFormat(locale, options)`, built once per locale and options. */
export function dateTimeFormat(
  locale: string | undefined,
  options?: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  return cached(
    dateTimeFormats,
    `${locale}|${JSON.stringify(options ?? {})}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}

const relativeTimeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** `new Intl.RelativeTimeFormat(locale, options)`, built once per locale and options. */
export function relativeTimeFormat(
  locale: string | undefined,
  options?: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat {
  return cached(
    relativeTimeFormats,
    `${locale}|${JSON.stringify(options ?? {})}`,
    () => new Intl.RelativeTimeFormat(locale, options),
  );
}
