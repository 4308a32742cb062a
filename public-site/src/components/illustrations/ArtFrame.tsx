import type { ReactNode } from 'react';

/** A figure around an artwork, with the small 'Illustration' tag a sighted visitor reads. */
export function ArtFrame({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={className ? `art-frame ${className}` : 'art-frame'}>
      {children}
      <span className="art-frame__tag" aria-hidden="true">
        Illustration
      </span>
    </div>
  );
}
