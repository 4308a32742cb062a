import type { ReactNode } from 'react';

/**
 * The site's own artwork (issue 14): flat, light, one palette, drawn for this business. It stands in
 * wherever staff have not chosen a photo yet, so it is always labelled as an illustration: a visitor
 * must never take it for a photo of real work. Plain inline SVG without ids, gradients, filters or
 * images: every copy renders the same on the server and in the browser, any number of times a page.
 */

// Palette, shared by every artwork: the brand's navy and orange, a pale sky, warm soil, slate pipes.
export const ART = {
  navy: '#0b3b66',
  navyDark: '#072a4a',
  orange: '#f97316',
  orangeDark: '#c2410c',
  sky: '#e3eef8',
  cloud: '#f8fbfe',
  grass: '#7fb069',
  soil: '#ecdcc0',
  soilDark: '#dfc9a2',
  pebble: '#cfb68c',
  pipe: '#94a3b8',
  pipeDark: '#64748b',
  bore: '#dde3ea',
  glass: '#bcd6ee',
  ink: '#0f172a',
  white: '#fff',
  root: '#8a5a2b',
} as const;

export interface ArtProps {
  className?: string;
}

/** An artwork's <svg>: an image with its description, announced as an illustration. */
export function ArtSvg({
  label,
  viewBox,
  className,
  fill = false,
  children,
}: {
  label: string;
  viewBox: string;
  className?: string;
  /** Fills its box (cropping the sky or the sides), as in the hero's half of the page. */
  fill?: boolean;
  children: ReactNode;
}) {
  const [, , width, height] = viewBox.split(' ');
  return (
    <svg
      className={className ? `art ${className}` : 'art'}
      role="img"
      aria-label={`Illustration: ${label}`}
      viewBox={viewBox}
      width={width}
      height={height}
      preserveAspectRatio={fill ? 'xMidYMax slice' : undefined}
      focusable="false"
    >
      {children}
    </svg>
  );
}

/** The company's van, facing right, its wheels on y = 0 and its rear at x = 0 (about 212 × 80). */
export function Van({ x, y, scale = 1 }: { x: number; y: number; scale?: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      <path d="M0-70a8 8 0 0 1 8-8h146l36 32h12a8 8 0 0 1 8 8v24a6 6 0 0 1-6 6H6a6 6 0 0 1-6-6z" fill={ART.white} stroke={ART.pipe} strokeWidth="1.5" />
      <path d="M160-72l28 25h-28z" fill={ART.glass} />
      <rect x="0" y="-30" width="210" height="9" fill={ART.orange} />
      <rect x="0" y="-21" width="210" height="4" fill={ART.navy} />
      <path d="M150-76v62" stroke={ART.pipe} strokeWidth="1.5" />
      <rect x="18" y="-66" width="26" height="26" rx="6" fill={ART.navy} />
      <path d="M23-49h5a3 3 0 0 0 3-3v-2a3 3 0 0 1 3-3h5" fill="none" stroke={ART.orange} strokeWidth="4" strokeLinecap="round" />
      <rect x="52" y="-60" width="70" height="6" rx="3" fill={ART.navy} />
      <rect x="52" y="-49" width="48" height="5" rx="2.5" fill={ART.pipe} />
      {[40, 172].map((cx) => (
        <g key={cx}>
          <circle cx={cx} cy="-6" r="15" fill={ART.ink} />
          <circle cx={cx} cy="-6" r="6" fill={ART.bore} />
        </g>
      ))}
    </g>
  );
}

/** A pipe cut open lengthwise along a path: its wall, then its bore. */
function Pipe({ d, wall = 30, bore = 18 }: { d: string; wall?: number; bore?: number }) {
  return (
    <>
      <path d={d} fill="none" stroke={ART.pipe} strokeWidth={wall} strokeLinejoin="round" />
      <path d={d} fill="none" stroke={ART.bore} strokeWidth={bore} strokeLinejoin="round" />
    </>
  );
}

/**
 * The default hero: a house, its sewer line under the garden and a relining crew at work. The van
 * stands at the access point; the resin liner (orange) is being inverted through the old pipe towards
 * the cracked, root-damaged section near the house, with no trench anywhere.
 */
export function HeroScene({ className, fill = false }: ArtProps & { fill?: boolean }) {
  return (
    <ArtSvg
      className={className}
      fill={fill}
      viewBox="0 -140 640 620"
      label="a house and its sewer pipe under the garden; a relining crew's van at the access point feeds a new liner into the old pipe, with no digging"
    >
      {/* A tall sky: a box taller than the scene crops the sky, not the house or the van. */}
      <rect y="-140" width="640" height="440" fill={ART.sky} />
      <circle cx="560" cy="-30" r="28" fill="#fde9b0" />
      <g fill={ART.cloud}>
        <rect x="70" y="58" width="120" height="26" rx="13" />
        <rect x="104" y="42" width="62" height="30" rx="15" />
        <rect x="420" y="92" width="140" height="24" rx="12" />
        <rect x="460" y="76" width="60" height="28" rx="14" />
      </g>
      <rect y="300" width="640" height="180" fill={ART.soil} />
      <path d="M0 438c120-14 220 10 340-4s220-16 300-4v50H0z" fill={ART.soilDark} />
      <g fill={ART.pebble}>
        <circle cx="60" cy="350" r="5" />
        <circle cx="330" cy="458" r="6" />
        <circle cx="560" cy="462" r="5" />
        <circle cx="470" cy="330" r="4" />
        <circle cx="120" cy="462" r="4" />
      </g>
      <rect y="294" width="640" height="10" fill={ART.grass} />

      {/* The house, its drain leaving under the wall. */}
      <rect x="52" y="192" width="164" height="104" fill={ART.white} />
      <rect x="176" y="192" width="40" height="104" fill={ART.bore} />
      <path d="M36 200l98-78 98 78z" fill={ART.navy} />
      <rect x="168" y="132" width="18" height="34" fill={ART.navyDark} />
      <rect x="72" y="214" width="40" height="34" rx="3" fill={ART.glass} stroke={ART.navy} strokeWidth="4" />
      <path d="M92 214v34M72 231h40" stroke={ART.navy} strokeWidth="3" />
      <rect x="128" y="232" width="34" height="64" rx="3" fill={ART.orangeDark} />
      <circle cx="155" cy="266" r="2.5" fill={ART.white} />

      {/* A gum tree whose roots have found the pipe. */}
      <rect x="283" y="226" width="12" height="72" rx="4" fill={ART.root} />
      <circle cx="289" cy="206" r="40" fill="#5e9a4a" />
      <circle cx="262" cy="222" r="24" fill={ART.grass} />
      <circle cx="316" cy="218" r="26" fill={ART.grass} />
      <path
        d="M289 300c-4 30-22 52-38 84M289 300c6 28 2 52 12 84M286 330c-14 10-30 12-46 10"
        fill="none"
        stroke={ART.root}
        strokeWidth="4"
        strokeLinecap="round"
      />

      {/* The old line: down from the house, along to the access point and on to the sewer main. */}
      <Pipe d="M196 296v96h444" />
      <path d="M214 384l10-10 8 9 10-9 8 8M262 400l8-8 8 9" fill="none" stroke={ART.ink} strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />

      {/* The new liner, inverted from the access point towards the house. */}
      <path d="M392 392H316" stroke={ART.orange} strokeWidth="18" />
      <circle cx="316" cy="392" r="9" fill={ART.orangeDark} />
      <path d="M352 420h-40m10-8-10 8 10 8" fill="none" stroke={ART.navy} strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />

      {/* The access point (an inspection opening), the hose from the van into it, and the van. */}
      <rect x="380" y="298" width="24" height="88" fill={ART.pipe} />
      <rect x="386" y="298" width="12" height="88" fill={ART.orange} />
      <rect x="374" y="292" width="36" height="8" rx="2" fill={ART.pipeDark} />
      <path d="M392 292c0-30 20-44 44-44" fill="none" stroke={ART.navy} strokeWidth="7" strokeLinecap="round" />
      <Van x={424} y={300} />
    </ArtSvg>
  );
}
