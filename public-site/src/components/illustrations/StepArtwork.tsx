import { ART, ArtSvg, type ArtProps } from './HeroArtwork';

/**
 * The home page's How It Works steps (spec §2: preparation, diagnosis, trenchless repair), each a cut
 * through the same pipe under the ground: jetted clean, filmed, relined.
 */
function Ground() {
  return (
    <>
      <rect width="320" height="160" fill={ART.soil} />
      <rect width="320" height="26" fill={ART.sky} />
      <rect y="24" width="320" height="6" fill={ART.grass} />
      <rect y="62" width="320" height="64" fill={ART.pipe} />
      <rect y="72" width="320" height="44" fill={ART.bore} />
      <path d="M96 58v72M224 58v72" stroke={ART.pipeDark} strokeWidth="6" />
    </>
  );
}

const STROKE = { fill: 'none', strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export function CleanStepArt({ className }: ArtProps) {
  return (
    <ArtSvg className={className} viewBox="0 0 320 160" label="a high-pressure jetting nozzle inside the pipe, water jets blasting debris and roots away">
      <Ground />
      <path d="M320 94H206" stroke={ART.navy} strokeWidth="6" />
      <rect x="176" y="84" width="34" height="20" rx="10" fill={ART.navyDark} />
      <g {...STROKE} stroke="#38bdf8" strokeWidth="3">
        <path d="M180 88l-44-14M180 94h-54M180 100l-44 14M200 86l24-12M200 102l24 12" />
      </g>
      <g fill={ART.root}>
        <path d="M72 108l14-8 8 10-14 6z" />
        <path d="M40 96l10-10 10 6-8 10z" />
        <circle cx="104" cy="84" r="4" />
        <circle cx="26" cy="110" r="5" />
      </g>
    </ArtSvg>
  );
}

export function CctvStepArt({ className }: ArtProps) {
  return (
    <ArtSvg
      className={className}
      viewBox="0 0 320 160"
      label="a CCTV camera travelling along the pipe, its light showing a crack, the picture on a screen above"
    >
      <Ground />
      <path d="M164 94L60 74v40z" fill="#fde68a" opacity="0.8" />
      <path d="M44 80l8 8-6 8 8 8" {...STROKE} stroke={ART.ink} strokeWidth="3" />
      <path d="M320 100H196" stroke={ART.navy} strokeWidth="4" />
      <rect x="162" y="84" width="38" height="22" rx="6" fill={ART.navyDark} />
      <circle cx="164" cy="95" r="6" fill="#fde68a" />
      <circle cx="172" cy="110" r="6" fill={ART.ink} />
      <circle cx="192" cy="110" r="6" fill={ART.ink} />
      <rect x="248" y="2" width="58" height="40" rx="4" fill={ART.ink} />
      <circle cx="277" cy="20" r="13" fill="#7b624b" />
      <circle cx="277" cy="20" r="5" fill="#2f241b" />
      <path d="M277 42v-2" stroke={ART.ink} strokeWidth="4" />
    </ArtSvg>
  );
}

export function RelineStepArt({ className }: ArtProps) {
  return (
    <ArtSvg className={className} viewBox="0 0 320 160" label="the pipe relined from the inside: a new resin liner pressed against the old wall, no digging">
      <Ground />
      <rect y="72" width="320" height="44" fill={ART.orange} />
      <rect y="80" width="320" height="28" fill="#fed7aa" />
      <g {...STROKE} stroke={ART.orangeDark} strokeWidth="3">
        <path d="M60 90v-6m-5 5 5-5 5 5M60 98v6m-5-5 5 5 5-5M160 90v-6m-5 5 5-5 5 5M160 98v6m-5-5 5 5 5-5M260 90v-6m-5 5 5-5 5 5M260 98v6m-5-5 5 5 5-5" />
      </g>
      <circle cx="296" cy="46" r="13" fill={ART.navy} />
      <path d="M289.5 46l5 5 8-9" {...STROKE} stroke={ART.white} strokeWidth="3.5" />
    </ArtSvg>
  );
}
