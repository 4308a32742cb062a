import type { ImageSlotKey } from '@relining/contracts/site-content';
import { useSiteContent } from '../lib/site-content';
import { Artwork } from './Artwork';
import { ArtFrame } from './illustrations/ArtFrame';
import { HERO_IMAGE_SIZES, ResponsiveImage } from './ResponsiveImage';

/**
 * The picture half of a page's hero (issue 14): the photo staff chose for the page's slot, or our
 * own artwork. From 1024 px it fills the right half of the hero to the window's edge (50vw, as
 * HERO_IMAGE_SIZES tells the browser and the preload); narrower, the full width under the text.
 */
export function HeroMedia({ slot }: { slot?: ImageSlotKey }) {
  const { images } = useSiteContent();
  const image = slot ? images[slot] : undefined;
  return (
    <div className="hero__media">
      {image ? (
        <ResponsiveImage image={image} sizes={HERO_IMAGE_SIZES} priority className="hero__picture" />
      ) : (
        <ArtFrame className="hero__art">
          <Artwork name="hero" priority />
        </ArtFrame>
      )}
    </div>
  );
}
