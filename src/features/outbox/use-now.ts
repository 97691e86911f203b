import { useEffect, useState } from 'react';

/** The current time, renewed every `everyMs`: relative times ("in 2 minutes") stay true. */
export function useNow(everyMs = 15_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
