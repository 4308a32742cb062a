import { ARTWORK, artworkUrl } from './illustrations/artwork-catalogue';

/**
 * One of the site's own drawings (components/illustrations/artwork-catalogue.ts), shown as an image
 * labelled as an illustration: lazy below the fold, eager with high priority in a hero.
 */
export function Artwork({ name, className, priority = false }: { name: string; className?: string; priority?: boolean }) {
  const art = ARTWORK[name];
  if (!art) throw new Error(`No artwork named ${name}`);
  const [, , width, height] = art.viewBox.split(' ');
  return (
    <img
      className={className ? `art ${className}` : 'art'}
      src={artworkUrl(name)}
      alt={`Illustration: ${art.label}`}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
    />
  );
}
