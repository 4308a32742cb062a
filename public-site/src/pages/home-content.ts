/** Copy of the home page (spec §2 Home page, §9 constants). */

export const HOW_IT_WORKS = [
  {
    title: 'Preparation',
    text: 'We jet-clean your drains with high-pressure water, clearing roots, scale and blockages so the camera can see every metre.',
  },
  {
    title: 'Diagnosis',
    text: 'A CCTV camera inspection shows exactly what is wrong. You get a detailed report with footage and our recommendations.',
  },
  {
    title: 'Trenchless Repair',
    text: 'We reline the pipe from the inside through existing access points. No digging, and most jobs are done in a day.',
  },
] as const;

export const OFFER_POINTS = [
  'High-pressure water-jet clean of the affected line',
  'CCTV camera inspection of your sewer or stormwater pipes',
  'A detailed report with footage and recommendations',
  'The fee is waived if you go ahead with relining',
] as const;
