/** Copy of the resin page, /rapidresin (spec §2 Resin page; figures from §9; enquiry products from issue 5). */
import type { PRODUCTS } from '@relining/contracts/enquiry-rules';
import type { PageHead } from '../../lib/head';

type Product = (typeof PRODUCTS)[number];

export const RESIN_HEAD: PageHead = {
  path: '/rapidresin',
  title: 'RapidResin Pipe Relining Liners, Resins & Starter Kits | Pipe Relining Australia',
  description:
    'RapidResin liners in 50m rolls, three resin formulas and a starter liner kit for pipes 40mm to 300mm+. Cures in under 90 minutes. Made in Adelaide, shipped Australia-wide.',
};

export const RESIN_HERO = {
  eyebrow: 'RapidResin relining system',
  title: 'RapidResin: Pipe Relining Liners and Resins Made in Adelaide',
  lead: 'Liners, resins and a starter kit for trenchless relining, made in Adelaide for plumbers and drainers across Australia. Reline pipes from 40mm to 300mm+ without digging, with a cure in under 90 minutes.',
} as const;

export const RESIN_PRODUCTS = [
  {
    product: 'RapidResin Liner',
    tagline: 'Sold by the metre in 50m rolls',
    text: 'A flexible, seamless liner that follows bends and diameter changes, cut to the length each job needs.',
    points: ['Supplied in 50m rolls, sold by the metre', 'For pipes 40mm to 300mm+', 'Handles diameter changes of more than 50%'],
  },
  {
    product: 'RapidResin Resin',
    tagline: 'Three formulas for every job',
    text: 'A resin range matched to RapidResin Liner, in three formulas so you can choose the working time and cure for each site.',
    points: [
      'Standard Cure: a generous working time for long runs',
      'Fast Cure: the quickest return to service',
      'Cold Weather: cures reliably in cold ground and winter conditions',
    ],
  },
  {
    product: 'RapidResin Starter Kit',
    tagline: 'Everything you need to start relining',
    text: 'A complete starter liner kit for businesses adding relining to their services, with the tools for your first jobs.',
    points: ['Liner, resin and inflation bladder', 'Mixing and wet-out tools', 'Step-by-step installation guide'],
  },
] as const satisfies ReadonlyArray<{ product: Product; tagline: string; text: string; points: readonly string[] }>;

export const RESIN_BENEFITS = [
  { title: 'No Digging', text: 'Reline through existing access points, leaving gardens, driveways and floors untouched.' },
  { title: 'Same-Day Service', text: 'A fast cure means most lines are relined and back in use within a day.' },
  { title: 'Built to Last', text: 'A structural, seamless pipe inside the old one, with a 50+ year life.' },
  { title: 'One Complete System', text: 'Liner, resin and equipment designed to work together, from one Australian supplier.' },
] as const;

/** The technical claims, with the spec's figures exactly (§9 Marketing figures). */
export const RESIN_FIGURES = [
  { label: 'Cure time', qualifier: 'Under', value: '90 minutes', text: 'Cure in under 90 minutes and get the line back in service the same day.' },
  { label: 'Stiffness', qualifier: 'Above', value: '3,000 MPa', text: 'A stiffness above 3,000 MPa: a structural pipe, not just a coating.' },
  { label: 'Diameter change', qualifier: 'More than', value: '50%', text: 'One liner negotiates a diameter change of more than 50% in a single run.' },
  { label: 'Design life', qualifier: '', value: '50+ years', text: 'A 50+ year life for the finished, seamless pipe.' },
  { label: 'Pipe sizes', qualifier: '', value: '40mm to 300mm+', text: 'From small internal drains to main sewer and stormwater lines: pipes 40mm to 300mm+.' },
] as const;

export const RESIN_GALLERY = [
  { stage: 'Before', caption: 'A cracked and broken pipe, with debris in the line, ready to be cleaned and relined.' },
  { stage: 'During', caption: 'The resin-filled liner is inverted into the pipe, and an inflation bladder holds it against the old wall while it cures.' },
  { stage: 'After', caption: 'A smooth, seamless new pipe inside the old one, from end to end.' },
] as const;

export const RESIN_SYSTEM_CONTENTS = [
  'RapidResin Liner, cut to length from 50m rolls',
  'RapidResin Resin in Standard Cure, Fast Cure and Cold Weather formulas',
  'Inflation bladder for inverting and curing the liner',
  'Resin mixing and liner wet-out tools',
  'Step-by-step installation guide',
] as const;

export const RESIN_DISTRIBUTION = {
  title: 'Made in Adelaide, Delivered Australia-Wide',
  text: 'Every RapidResin product is manufactured, packaged and shipped from our base in Adelaide.',
  channels: [
    { title: 'Direct to Store', text: 'We deliver straight to your store or workshop, wherever you are in Australia.' },
    { title: 'National Distribution Centres', text: 'Larger networks and merchants can receive stock through national distribution centres.' },
  ],
} as const;

export const RESIN_PARTNERS = {
  title: 'Become a RapidResin Partner',
  text: 'Stock RapidResin and reline more jobs without digging. Join the RapidResin Network, request trade pricing for your business, or log in to the Partner Portal.',
} as const;

/** Brochures, data sheets and guides offered for download; the Downloads block shows only when there are some. */
export const RESIN_DOCUMENTS: ReadonlyArray<{ label: string; href: string }> = [];
