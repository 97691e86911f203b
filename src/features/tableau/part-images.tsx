import { Image, type ImageProps } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { api } from '../../data/api/http';

/**
 * Part images are read with the session's token (docs/tableau.md#images): a private folder's
 * images are served to their owner alone, which a plain `<img>` cannot prove. Each is fetched
 * once and shown from an object URL (same origin, so an exported canvas stays untainted).
 */
const sources = new Map<string, Promise<string>>();

/** An object URL of the part image at `url` (`/api/storage/tableau-resources/…`). */
export function partImageSource(url: string): Promise<string> {
  let source = sources.get(url);
  if (!source) {
    source = api
      .get(url.replace(/^\/api\//, ''), { retry: 1 })
      .blob()
      .then((blob) => URL.createObjectURL(blob));
    sources.set(url, source);
    // A failed load is tried again the next time the image is shown.
    source.catch(() => sources.delete(url));
  }
  return source;
}

function usePartImageSource(url: string): string | undefined {
  const [source, setSource] = useState<string>();
  useEffect(() => {
    let live = true;
    setSource(undefined);
    partImageSource(url).then(
      (loaded) => live && setSource(loaded),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [url]);
  return source;
}

/** A part image or its thumbnail, as an `<img>`. */
export function PartImage({ url, ...props }: { url: string } & Omit<ImageProps, 'src'>) {
  const source = usePartImageSource(url);
  return <Image src={source} {...props} />;
}
