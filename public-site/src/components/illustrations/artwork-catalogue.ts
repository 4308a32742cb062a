/**
 * The site's own artwork (issue 14), by name: what each drawing shows (its alt text) and its canvas.
 * The drawings themselves (the *Artwork.tsx components) run only at build time, when
 * scripts/prerender.mjs writes each to `/art/<name>.svg`; pages show them as images
 * (components/Artwork.tsx). An <img> is one element to lay out and hydrate, where the same drawing
 * inline was a few hundred, and the drawings' code stays out of the pages' JavaScript.
 */

export type CctvKind = 'crack' | 'roots' | 'collapse' | 'liner' | 'lined';

export const CCTV_LABELS: Readonly<Record<CctvKind, string>> = {
  crack: 'a drain camera view inside an old clay pipe, a long crack running along its wall',
  roots: 'a drain camera view inside a pipe, tree roots pushing in through a joint',
  collapse: 'a drain camera view inside a pipe whose top has partly collapsed, broken pieces and soil on the floor',
  liner: 'a drain camera view of a resin liner being inverted into the old pipe',
  lined: 'a drain camera view inside the relined pipe: a smooth, round, seamless new wall',
};

/** The camera frames the pages show: each defect (and its relined after) at a distance along the line. */
export const CCTV_FRAMES = [
  { kind: 'crack', distance: '12.4 m' },
  { kind: 'lined', distance: '12.4 m' },
  { kind: 'roots', distance: '7.8 m' },
  { kind: 'lined', distance: '7.8 m' },
  { kind: 'collapse', distance: '18.2 m' },
  { kind: 'lined', distance: '18.2 m' },
  { kind: 'crack', distance: '9.6 m' },
  { kind: 'liner', distance: '9.6 m' },
  { kind: 'lined', distance: '9.6 m' },
] as const satisfies ReadonlyArray<{ kind: CctvKind; distance: string }>;

/** The file name of a camera frame: 'cctv-crack-12.4m'. */
export function cctvArtworkName(kind: CctvKind, distance: string): string {
  return `cctv-${kind}-${distance.replace(/\s+/g, '')}`;
}

export interface ArtworkEntry {
  /** What the drawing shows; announced as 'Illustration: …'. */
  label: string;
  viewBox: string;
}

export const ARTWORK: Readonly<Record<string, ArtworkEntry>> = {
  hero: {
    label: "a house and its sewer pipe under the garden; a relining crew's van at the access point feeds a new liner into the old pipe, with no digging",
    viewBox: '0 -140 640 620',
  },
  'step-clean': { label: 'a high-pressure jetting nozzle inside the pipe, water jets blasting debris and roots away', viewBox: '0 0 320 160' },
  'step-cctv': { label: 'a CCTV camera travelling along the pipe, its light showing a crack, the picture on a screen above', viewBox: '0 0 320 160' },
  'step-reline': { label: 'the pipe relined from the inside: a new resin liner pressed against the old wall, no digging', viewBox: '0 0 320 160' },
  team: { label: 'three members of our relining crew in hi-vis workwear and hard hats', viewBox: '0 24 480 296' },
  vans: { label: 'two of our fitted-out relining vans parked side by side', viewBox: '0 24 480 296' },
  ...Object.fromEntries(CCTV_FRAMES.map(({ kind, distance }) => [cctvArtworkName(kind, distance), { label: CCTV_LABELS[kind], viewBox: '0 0 480 360' }])),
};

/** Where a drawing is served. */
export function artworkUrl(name: string): string {
  return `/art/${name}.svg`;
}
