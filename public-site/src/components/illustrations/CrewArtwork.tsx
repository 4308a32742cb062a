import type { ReactNode } from 'react';
import { ART, ArtSvg, Van, type ArtProps } from './HeroArtwork';

/** The About page's team and vans, until staff choose photos of the real ones. */
function Scene({ children }: { children: ReactNode }) {
  return (
    <>
      <rect width="480" height="320" fill={ART.sky} />
      <rect x="40" y="40" width="110" height="24" rx="12" fill={ART.cloud} />
      <rect x="330" y="64" width="100" height="22" rx="11" fill={ART.cloud} />
      <rect y="252" width="480" height="68" fill="#cbd5e1" />
      <rect y="248" width="480" height="6" fill={ART.grass} />
      {children}
    </>
  );
}

/** One crew member in hi-vis and a hard hat, standing on y = 0, centred on x = 0. */
function Worker({ x, skin, hat, scale = 1 }: { x: number; skin: string; hat: string; scale?: number }) {
  return (
    <g transform={`translate(${x} 258) scale(${scale})`}>
      <rect x="-22" y="-62" width="17" height="62" rx="6" fill={ART.navy} />
      <rect x="5" y="-62" width="17" height="62" rx="6" fill={ART.navy} />
      <path d="M-34-68v-50a16 16 0 0 1 16-16h36a16 16 0 0 1 16 16v50z" fill={ART.orange} />
      <path d="M-34-96h68M-34-80h68" stroke="#fde68a" strokeWidth="5" />
      <path d="M-8-134v66M8-134v66" stroke="#fde68a" strokeWidth="4" />
      <rect x="-42" y="-130" width="12" height="54" rx="6" fill={ART.orangeDark} />
      <rect x="30" y="-130" width="12" height="54" rx="6" fill={ART.orangeDark} />
      <rect x="-6" y="-140" width="12" height="8" fill={skin} />
      <circle cy="-156" r="19" fill={skin} />
      <path d="M-22-160a22 22 0 0 1 44 0z" fill={hat} />
      <rect x="-26" y="-162" width="52" height="6" rx="3" fill={hat} />
    </g>
  );
}

export function TeamArt({ className }: ArtProps) {
  return (
    <ArtSvg className={className} viewBox="0 24 480 296" label="three members of our relining crew in hi-vis workwear and hard hats">
      <Scene>
        <Van x={262} y={262} scale={0.95} />
        <Worker x={92} skin="#e8b48f" hat={ART.white} />
        <Worker x={172} skin="#8d5a3b" hat={ART.orange} scale={1.05} />
        <Worker x={250} skin="#c68b59" hat={ART.white} scale={0.97} />
      </Scene>
    </ArtSvg>
  );
}

export function VansArt({ className }: ArtProps) {
  return (
    <ArtSvg className={className} viewBox="0 24 480 296" label="two of our fitted-out relining vans parked side by side">
      <Scene>
        <Van x={24} y={262} scale={0.9} />
        <Van x={232} y={292} scale={1.05} />
      </Scene>
    </ArtSvg>
  );
}
