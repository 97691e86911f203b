import { useEffect, useState } from 'react';
import { descriptionsApi } from '../../contract/api/descriptions';
import type { Description } from '../../contract/schemas/description';
import { call } from './http';

let cache: Promise<Description[]> | null = null;

/** The error-code catalogue (`GET /api/descriptions`), loaded once per page load; `fresh` reloads it. */
export function loadDescriptions(fresh = false): Promise<Description[]> {
  if (!cache || fresh) {
    cache = call(descriptionsApi.list);
    cache.catch(() => {
      cache = null;
    });
  }
  return cache;
}

export function useDescriptions(): Description[] | null {
  const [list, setList] = useState<Description[] | null>(null);
  useEffect(() => {
    let live = true;
    loadDescriptions()
      .then((data) => live && setList(data))
      .catch(() => live && setList([]));
    return () => {
      live = false;
    };
  }, []);
  return list;
}

/** A description's name in the active language: `nameDE` for German, `name` otherwise. */
export function descriptionName(description: Description, locale: string): string {
  return locale.startsWith('de')
    ? description.nameDE || description.name
    : description.name || description.nameDE;
}

export function findDescription(
  list: Description[] | null,
  code: number | null | undefined,
): Description | undefined {
  if (code === null || code === undefined || !list) return undefined;
  return list.find((d) => d.number === code);
}
