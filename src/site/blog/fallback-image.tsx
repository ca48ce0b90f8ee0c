import { useEffect, useRef, useState, type ComponentProps } from 'react';
import { responsiveSources } from '../../content/media.ts';

/** An image that fails to load gives way to a default one. */
export const DEFAULT_POST_IMAGE = '/images/hero-atelier.svg';

type FallbackImageProps = Omit<ComponentProps<'img'>, 'src' | 'srcSet' | 'onError'> & {
  src: string | null | undefined;
  /** The image's width on the page (`<img sizes>`), for an uploaded photo's renderings. */
  sizes: string;
};

/**
 * An `<img>` that shows `DEFAULT_POST_IMAGE` when its own source is missing or broken. A page
 * rendered on the server may have seen the image fail before React listened, hence the check
 * once mounted.
 */
export function FallbackImage({ src, sizes, ...props }: FallbackImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  const wanted = src || DEFAULT_POST_IMAGE;
  const shown = failedSrc === wanted ? DEFAULT_POST_IMAGE : wanted;

  useEffect(() => {
    const node = image.current;
    if (node && node.complete && node.naturalWidth === 0 && wanted !== DEFAULT_POST_IMAGE) {
      setFailedSrc(wanted);
    }
  }, [wanted]);

  return (
    <img
      {...props}
      ref={image}
      src={shown}
      {...responsiveSources(shown, sizes)}
      onError={() => {
        if (shown !== DEFAULT_POST_IMAGE) setFailedSrc(wanted);
      }}
    />
  );
}
