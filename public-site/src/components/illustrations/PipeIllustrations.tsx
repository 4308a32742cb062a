import type { ComponentType, ReactNode } from 'react';

/**
 * Our own flat illustrations of underground pipes in soil (spec §2 Home page before-and-after examples,
 * and the resin page's before/during/after gallery). Plain inline SVG: no ids, gradients, filters,
 * fonts or images, so every copy renders identically on the server and in the browser and can appear
 * any number of times on a page. They scale with the `.illustration` class (styles/resin.css).
 */

export interface IllustrationProps {
  /** Extra class names, added after `illustration`. */
  className?: string;
}

// Palette: soil, the old host pipe, the navy liner, water, roots and the brand orange.
const SOIL = '#ecdcc0';
const PEBBLE = '#d8bf94';
const GRASS = '#4d7c0f';
const WALL = '#94a3b8';
const JOINT = '#64748b';
const BORE = '#f1f5f9';
const WATER = '#7dd3fc';
const LINER = '#0b3b66';
const CRACK = '#0f172a';
const ROOT = '#7c4a1e';
const ORANGE = '#c2410c';
const BRIGHT = '#f97316';
const WHITE = '#fff';

function Scene({ label, className, children }: IllustrationProps & { label: string; children: ReactNode }) {
  return (
    <svg
      className={className ? `illustration ${className}` : 'illustration'}
      role="img"
      aria-label={label}
      viewBox="0 0 480 300"
      width={480}
      height={300}
      focusable="false"
    >
      <rect width="480" height="300" fill={SOIL} />
      <rect width="480" height="22" fill={GRASS} />
      <g fill={PEBBLE}>
        <circle cx="62" cy="66" r="8" />
        <circle cx="418" cy="58" r="10" />
        <circle cx="332" cy="268" r="7" />
        <circle cx="118" cy="262" r="9" />
      </g>
      {children}
    </svg>
  );
}

/** A pipe running left to right, cut away lengthwise: wall, joint collars and the open bore with water. */
function LongPipe({ from = 0, joints = [150, 330] }: { from?: number; joints?: number[] }) {
  return (
    <>
      <rect x={from} y="100" width={480 - from} height="130" fill={WALL} />
      {joints.map((x) => (
        <rect key={x} x={x} y="94" width="16" height="142" fill={JOINT} />
      ))}
      <rect x={from} y="124" width={480 - from} height="82" fill={BORE} />
      <rect x={from} y="188" width={480 - from} height="18" fill={WATER} />
    </>
  );
}

/** A new liner inside the long pipe: a seamless navy band, a smooth bore and the flow. */
function LinedBore({ from = 0 }: { from?: number }) {
  return (
    <>
      <rect x={from} y="124" width={480 - from} height="82" fill={LINER} />
      <rect x={from} y="134" width={480 - from} height="62" fill={BORE} />
      <rect x={from} y="180" width={480 - from} height="16" fill={WATER} />
      <path d="M196 160h88m-16-12 16 12-16 12" fill="none" stroke={ORANGE} strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
    </>
  );
}

/** "Fixed": a round orange badge with a white tick. */
function Tick({ cx = 428, cy = 64 }: { cx?: number; cy?: number }) {
  return (
    <>
      <circle cx={cx} cy={cy} r="24" fill={ORANGE} />
      <path d={`M${cx - 11} ${cy}l7 8 15-16`} fill="none" stroke={WHITE} strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
    </>
  );
}

function Lines({ color = CRACK, width = 3, d }: { color?: string; width?: number; d: string }) {
  return <path d={d} fill="none" stroke={color} strokeWidth={width} strokeLinecap="round" strokeLinejoin="round" />;
}

const CRACKS = 'M168 112l18-6 16 8 20-7 18 8 22-6 16 5M226 100l8 7-10 6 10 11M270 206l-8 8 12 6-8 10M196 206l6 9-8 6 6 9';

export function CrackedPipeBefore(props: IllustrationProps) {
  return (
    <Scene {...props} label="Before: a cracked sewer pipe in the ground, leaking water into the soil">
      <LongPipe />
      <Lines d={CRACKS} width={4} />
      <g fill={WATER}>
        <ellipse cx="264" cy="246" rx="5" ry="7" />
        <ellipse cx="272" cy="266" rx="4" ry="6" />
        <ellipse cx="200" cy="250" rx="4" ry="6" />
      </g>
    </Scene>
  );
}

export function CrackedPipeAfter(props: IllustrationProps) {
  return (
    <Scene {...props} label="After: the same pipe with a smooth new liner sealing the cracks, water flowing freely">
      <LongPipe />
      <Lines d={CRACKS} color={JOINT} width={2} />
      <LinedBore />
      <Tick />
    </Scene>
  );
}

const TREE_ROOTS = 'M246 22c-6 30 6 46-4 72M244 50c-30 8-54 24-76 44M246 62c28 8 58 20 84 44';

export function RootIntrusionBefore(props: IllustrationProps) {
  return (
    <Scene {...props} label="Before: tree roots growing through a pipe joint and blocking the pipe">
      <LongPipe joints={[232]} />
      <Lines d={TREE_ROOTS} color={ROOT} width={7} />
      <Lines
        color={ROOT}
        width={4}
        d="M240 94v36c-8 22-28 32-52 44M240 130c8 20 30 32 58 44M240 138c-3 20 4 36-2 64M238 150c-16 12-26 30-32 50M242 148c18 10 26 28 34 52"
      />
    </Scene>
  );
}

export function RootIntrusionAfter(props: IllustrationProps) {
  return (
    <Scene {...props} label="After: the joint relined with a seamless liner, no roots inside the pipe">
      <LongPipe joints={[232]} />
      <Lines d="M246 22c-6 30 6 46-2 60M244 50c-30 8-50 20-64 32M246 62c26 8 48 16 64 24" color={ROOT} width={7} />
      <LinedBore />
      <Tick />
    </Scene>
  );
}

export function CollapsedDrainBefore(props: IllustrationProps) {
  return (
    <Scene {...props} label="Before: cross-section of a partly collapsed drain, its top caved in and soil spilling inside">
      <path d="M148 172a92 92 0 0 1 46-80l32 46 36-10 43-21a92 92 0 1 1-157 65z" fill={WALL} />
      <path d="M164 172a76 76 0 0 1 38-66l28 50 36-10 28-28a76 76 0 1 1-130 54z" fill={BORE} />
      <path d="M250 124l16-6 26 86h-60z" fill={PEBBLE} />
      <path d="M178 216c28-26 92-30 122 0-14 20-36 32-60 32s-48-12-62-32z" fill={PEBBLE} />
      <path d="M188 204l30-12 5 12-30 12z" fill={JOINT} />
      <Lines d="M150 150l16 7M200 262l6-16M300 250l-8-14M330 190l-16-2" width={4} />
    </Scene>
  );
}

export function CollapsedDrainAfter(props: IllustrationProps) {
  return (
    <Scene {...props} label="After: cross-section of the same drain restored to a round, relined pipe">
      <circle cx="240" cy="172" r="94" fill={WALL} />
      <Lines d="M150 150l16 7M200 262l6-16M296 252l-8-14M330 190l-16-2" color={JOINT} width={2} />
      <circle cx="240" cy="172" r="78" fill={LINER} />
      <circle cx="240" cy="172" r="64" fill={BORE} />
      <path d="M182 200h116a64 64 0 0 1-116 0z" fill={WATER} />
      <Tick />
    </Scene>
  );
}

/** The resin page's scene: an access shaft from the surface on the left, joined to the long pipe. */
function ShaftPipe() {
  return (
    <>
      <rect x="24" y="14" width="60" height="216" fill={WALL} />
      <LongPipe from={72} joints={[196, 356]} />
      <rect x="36" y="14" width="36" height="192" fill={BORE} />
    </>
  );
}

export function LinerBefore(props: IllustrationProps) {
  return (
    <Scene {...props} label="Before: a damaged pipe with cracks, a broken section and debris">
      <ShaftPipe />
      <path d="M286 100h40l-8 24h-24z" fill={SOIL} />
      <path d="M276 206c12-18 46-18 58 0z" fill={PEBBLE} />
      <Lines d="M126 112l16-6 14 8 18-7 14 6M150 206l8 9-10 6 8 9M236 100l-6 8 10 6-8 10M410 206l6 9-8 7" width={4} />
    </Scene>
  );
}

export function LinerDuring(props: IllustrationProps) {
  return (
    <Scene {...props} label="During: a resin-filled liner being inverted into the pipe and cured against the wall by an inflated bladder">
      <ShaftPipe />
      <Lines d="M410 206l6 9-8 7M380 112l16-6 14 8" width={4} />
      <path d="M42 14h24v110h240a41 41 0 0 1 0 82H42z" fill={LINER} />
      <path d="M48 24h12v110h246a31 31 0 0 1 0 62H48z" fill={BRIGHT} />
      <Lines color={WHITE} width={4} d="M120 158v-12m-6 6 6-6 6 6M120 172v12m-6-6 6 6 6-6M230 158v-12m-6 6 6-6 6 6M230 172v12m-6-6 6 6 6-6" />
      <Lines color={LINER} width={6} d="M360 165h56m-14-12 14 12-14 12" />
    </Scene>
  );
}

export function LinerAfter(props: IllustrationProps) {
  return (
    <Scene {...props} label="After: the finished pipe with a smooth, seamless liner from end to end">
      <ShaftPipe />
      <LinedBore from={72} />
      <Tick />
    </Scene>
  );
}

export interface BeforeAfterExample {
  title: string;
  description: string;
  Before: ComponentType<IllustrationProps>;
  After: ComponentType<IllustrationProps>;
}

/** spec §2 Home page: the three before-and-after examples (§9: 3). */
export const BEFORE_AFTER_EXAMPLES: readonly BeforeAfterExample[] = [
  {
    title: 'Cracked Sewer Pipe',
    description:
      'An old clay sewer line had cracked along its length and was leaking into the soil. We relined it from the existing access point, sealing every crack with a smooth new pipe inside the old one, without digging up the yard.',
    Before: CrackedPipeBefore,
    After: CrackedPipeAfter,
  },
  {
    title: 'Root Intrusion',
    description:
      'Tree roots had forced their way through a pipe joint and kept blocking the drain. After cutting the roots out, we installed a seamless liner across the joint so they cannot get back in, with the garden left untouched.',
    Before: RootIntrusionBefore,
    After: RootIntrusionAfter,
  },
  {
    title: 'Collapsed Drain',
    description:
      'Part of this stormwater drain had caved in and filled with soil. We cleared it and relined it into a round, structurally sound pipe through the existing openings, with no trench across the driveway.',
    Before: CollapsedDrainBefore,
    After: CollapsedDrainAfter,
  },
];
