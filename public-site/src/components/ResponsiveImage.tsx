import { imageSrcSet, imageUrl, type PublishedImage } from '@relining/contracts/site-content';
import { escapeAttribute } from '../lib/head';

/** How wide a hero photo is shown: half the page from 1024 px (beside the heading), the full width below. */
export const HERO_IMAGE_SIZES = '(min-width: 1024px) 50vw, 100vw';

export interface ResponsiveImageProps {
  image: PublishedImage;
  /** The `sizes` attribute: how wide the image is shown at each viewport width ('(min-width: 1024px) 50vw, 100vw'). */
  sizes: string;
  /** Above the fold (a hero): loaded at once with high priority (its preload is in the page's head). Otherwise lazy. */
  priority?: boolean;
  className?: string;
}

/**
 * A media-library image as every page shows one: AVIF, then WebP, then JPEG, each in every width the
 * image has (`srcset`), the browser choosing by `sizes`; width and height set so the page keeps its
 * place while it loads; lazy below the fold.
 */
export function ResponsiveImage({ image, sizes, priority = false, className }: ResponsiveImageProps) {
  const largest = image.widths[image.widths.length - 1]!;
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={imageSrcSet(image, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={imageSrcSet(image, 'webp')} sizes={sizes} />
      <img
        src={imageUrl(image, largest, 'jpeg')}
        srcSet={imageSrcSet(image, 'jpeg')}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={image.alt}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'sync' : 'async'}
        fetchPriority={priority ? 'high' : undefined}
      />
    </picture>
  );
}

/** The head tag that starts a hero image's download with the HTML (the AVIF sources: every browser the site targets reads AVIF). */
export function heroPreloadTag(image: PublishedImage, sizes: string): string {
  return `<link rel="preload" as="image" type="image/avif" imagesrcset="${escapeAttribute(imageSrcSet(image, 'avif'))}" imagesizes="${escapeAttribute(sizes)}" fetchpriority="high" />`;
}
