import { ART, ArtSvg, type ArtProps } from './HeroArtwork';
import { CCTV_LABELS, type CctvKind } from './artwork-catalogue';

/**
 * What a drain camera sees (issue 14): the inside of a pipe in perspective, with the overlay of a
 * CCTV inspection (camera, distance along the line, recording). The defects are the spec's before
 * examples (a crack, roots, a partial collapse); the lined pipe is the after. Drawn, not filmed: each
 * is labelled as an illustration.
 */

// The pipe's rings from the mouth to the far end: old clay, or a new liner (smooth, lighter).
const CLAY = ['#8c7259', '#7b624b', '#69533f', '#564333', '#433427', '#2f241b', '#17110c'];
const LINED = ['#a8bccd', '#97acbf', '#8399ae', '#6c8499', '#566e83', '#3f566b', '#1c2b3a'];
const LINER = ['#8c7259', '#7b624b', '#ea7a2c', '#d86a22', '#b9571b', '#8a4014', '#2a1408'];
const RADII = [250, 185, 132, 94, 66, 45, 28];
const CX = 240;
const CY = 168;

function Defect({ kind }: { kind: CctvKind }) {
  const line = { fill: 'none', strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
  switch (kind) {
    case 'crack':
      return (
        <g {...line} stroke="#120c08">
          <path d="M92 58l22 18-6 14 24 16-4 16 22 14 8 12" strokeWidth="5" />
          <path d="M132 106l-18 10M160 134l8-16" strokeWidth="3" />
          <path d="M344 250l-16-10 4-12-18-8" strokeWidth="3" />
        </g>
      );
    case 'roots':
      return (
        <g {...line} stroke="#c39a64">
          <path d="M348 60c-20 30-50 40-70 72s-10 44-28 60" strokeWidth="9" />
          <path d="M360 92c-34 8-52 30-64 56M322 70c0 30-30 38-46 60M300 120c-22 10-30 30-26 52" strokeWidth="5" />
          <path d="M286 150c-10 14-2 26-12 38M270 172c8 12 20 14 24 26M262 190c-12 4-16 14-14 24M296 108c12 6 28 4 36 14" strokeWidth="2.5" />
        </g>
      );
    case 'collapse':
      return (
        <>
          <path d="M128 26l36 62 30-8 22 40 30-14 28 26 40-50 40 12 10-70z" fill="#4a3828" />
          <path d="M164 88l30-8 22 40 30-14 28 26" fill="none" stroke="#1a120c" strokeWidth="4" strokeLinejoin="round" />
          <path d="M120 330l40-48 34 14 30-22 44 18 26-10 50 48z" fill="#6b5440" />
          <path d="M186 300l22-14 16 10-14 16zM280 296l18-8 10 12-20 8z" fill="#8c7259" />
        </>
      );
    case 'liner':
      return <circle cx={CX} cy={CY} r={RADII[2]} fill="none" stroke="#ffb37a" strokeWidth="5" />;
    default:
      // A thin highlight along the top of the smooth new wall.
      return <path d="M130 110a128 128 0 0 1 220 0" fill="none" stroke="#dbe6ef" strokeWidth="6" strokeLinecap="round" opacity="0.6" />;
  }
}

/** A CCTV frame inside a pipe; `distance` is printed in the overlay as metres along the line. */
export function CctvView({ kind, distance, className }: ArtProps & { kind: CctvKind; distance: string }) {
  const rings = kind === 'lined' ? LINED : kind === 'liner' ? LINER : CLAY;
  const old = kind !== 'lined';
  return (
    <ArtSvg className={className} viewBox="0 0 480 360" label={CCTV_LABELS[kind]}>
      <rect width="480" height="360" fill="#0c1016" />
      {RADII.map((r, index) => (
        <circle key={r} cx={CX} cy={CY} r={r} fill={rings[index]} />
      ))}
      {old ? (
        // The joints between old pipe lengths, every few metres.
        <g fill="none" stroke="#a88d70" strokeWidth="3" opacity="0.7">
          <circle cx={CX} cy={CY} r="132" />
          <circle cx={CX} cy={CY} r="66" />
        </g>
      ) : null}
      {/* Water along the invert, narrowing into the distance. */}
      <path d="M150 360l82-164h16l82 164z" fill={old ? '#3c4636' : '#35597a'} opacity="0.55" />
      <Defect kind={kind} />
      {/* The camera's overlay: corner marks, camera and distance, recording (the bottom right is left for the frame's tag). */}
      <g fill="none" stroke={ART.white} strokeWidth="3" opacity="0.85">
        <path d="M16 40V16h24M440 16h24v24M464 320v24h-24M40 344H16v-24" />
      </g>
      <g fill={ART.white} fontFamily="ui-monospace, Menlo, Consolas, monospace" fontSize="15" fontWeight="700">
        <text x="28" y="40">
          CAM 1 Ø100
        </text>
        <text x="452" y="40" textAnchor="end">
          {distance}
        </text>
        <text x="48" y="336">
          REC
        </text>
      </g>
      <circle cx="36" cy="331" r="6" fill="#ef4444" />
    </ArtSvg>
  );
}
