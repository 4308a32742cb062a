import { INSPECTION_PRICE_INC_GST, WARRANTY } from '@relining/contracts/business';

/**
 * Copy of the About page and the No-dig page (spec §2). Every claim follows spec §1 and §9: repair
 * without digging, most jobs done in a day, liners last 50+ years, the guarantee, sewer and
 * stormwater pipes from 40mm to 300mm+, a badly collapsed pipe may need a small excavation, service
 * across every state and territory, and the Clean & View price, waived if relining goes ahead. The
 * guarantee and the price come from the business constants; the rating is computed from the
 * published reviews (ratingClaim over content.reviews), printed only when one is published.
 */
import type { AccordionItem } from '../../components/Accordion';

/** Simple 24×24 stroke icons (decorative: drawn with aria-hidden). */
export const ICONS = {
  pipe: 'M2 8h20v8H2z M6 8v8 M18 8v8 M10 12h4',
  pin: 'M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11z M12 7.5a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z',
  bolt: 'M13 2L4 14h7l-1 8 9-12h-7z',
  building: 'M3 21h18 M5 21V4l8-2v19 M13 8l6 2v11 M8.5 7h1 M8.5 11h1 M8.5 15h1 M16 13h0.5 M16 17h0.5',
  dollar: 'M12 2v20 M16.5 6.5C16.5 4.6 14.5 3.5 12 3.5S7.5 4.8 7.5 7s2 3 4.5 3.5 4.5 1.5 4.5 3.5-2 3.5-4.5 3.5-4.5-1.2-4.5-3',
  shield: 'M12 2l8 3v6c0 5-3.4 9.4-8 11-4.6-1.6-8-6-8-11V5z M8.5 12l2.5 2.5 4.5-5',
  future: 'M3 12a9 9 0 1 0 3-6.7 M3 3v5h5 M12 7v5l3 2',
} as const;

export type IconName = keyof typeof ICONS;

// ---------------------------------------------------------------- About page

/** The hero's points after the rating claim (the page puts that first when there is one). */
export const ABOUT_HERO_POINTS = [
  'Repairs without digging up your garden, driveway or floors',
  `Most jobs done in a day, backed by a ${WARRANTY.guarantee}`,
  'Service across every state and territory',
] as const;

export const MISSION_PARAGRAPHS = [
  'Broken drains shouldn’t mean a wrecked garden, a dug-up driveway or a week without a working bathroom. Our mission is to make pipe repair fast, clean and honest for every Australian property owner, from a single family home to a council’s stormwater network.',
  'We do that with trenchless relining: we fix the pipe from the inside, through the access points that are already there, and leave your property the way we found it. Before we quote, our fixed-price Clean & View inspection shows you exactly what is wrong, on camera, so you only pay for the work your pipes really need.',
] as const;

/** The rating as a figure ('4.9/5', 'average rating from 83 reviews'), from the computed claim; null without one. */
export function ratingStat(rating: number | null, claim: string | null): { value: string; label: string } | null {
  if (rating === null || claim === null) return null;
  return { value: `${rating.toFixed(1)}/5`, label: claim.replace(/^Rated .* out of 5 from /, 'average rating from ') };
}

/** The mission's figures after the rating (ratingStat). */
export const MISSION_STATS = [
  { value: WARRANTY.years, label: 'guarantee on our relining work' },
  { value: '50+ years', label: 'expected life of our liners' },
  { value: '1 day', label: 'to finish most jobs' },
] as const;

export const DIFFERENCES = [
  {
    icon: 'pipe',
    title: 'Trenchless Technology',
    text: 'We install a new pipe inside the old one through existing access points, so there are no trenches, no jackhammers and no rebuilt paving.',
  },
  {
    icon: 'pin',
    title: 'Nationwide Network',
    text: 'Our relining teams service major areas in every state and territory, with the same fixed-price Clean & View inspection wherever you are.',
  },
  {
    icon: 'bolt',
    title: 'Fast, Lasting Fixes',
    text: `Most jobs are done in a day. Our liners last 50+ years, and our relining work carries a ${WARRANTY.guarantee}.`,
  },
  {
    icon: 'building',
    title: 'Built for Scale',
    text: 'From one blocked house drain to kilometres of council pipework: we reline sewer and stormwater pipes from 40mm to 300mm+.',
  },
] as const;

export const ABOUT_STEPS = [
  {
    title: 'Inspect',
    text: 'We talk through the problem with you and send a CCTV camera through your pipes to pinpoint the cracks, roots or blockages.',
  },
  {
    title: 'Clean',
    text: 'A high-pressure water jet clears roots, debris and build-up, so the pipe is ready to reline. You get a detailed report and our recommendations.',
  },
  {
    title: 'Rescue',
    text: 'We pull a resin-soaked liner into the damaged pipe through an existing access point and cure it in place: a strong new pipe inside the old one.',
  },
  {
    title: 'Done',
    text: `We film the finished pipe so you can see the result, tidy up and leave. Most jobs are done in a day, backed by our ${WARRANTY.guarantee}.`,
  },
] as const;

export const ABOUT_FAQ = [
  {
    question: 'What is pipe relining, and do you really not dig?',
    answer:
      'Pipe relining repairs a damaged pipe from the inside. We clean the pipe, then install a resin-soaked liner through an existing access point and let it cure into a strong, seamless new pipe inside the old one, without digging a trench.',
  },
  {
    question: 'Is there ever a need to dig?',
    answer:
      'Rarely. If a section of pipe has badly collapsed, a small excavation may be needed to fix that section before the rest can be relined. Our Clean & View inspection shows whether your pipe is affected before you commit to anything.',
  },
  {
    question: 'How long does a job take?',
    answer: 'Most jobs are done in a day, so you are not left for days with broken drains or open trenches around your property.',
  },
  {
    question: 'How long will a relined pipe last?',
    answer: `Our liners last 50+ years, and every relining job is backed by our ${WARRANTY.guarantee}.`,
  },
  {
    question: 'Which pipes can you fix?',
    answer: 'Both sewer and stormwater pipes, from 40mm to 300mm+ in diameter, for homes, businesses, councils and infrastructure clients.',
  },
  {
    question: 'What does it cost to get started, and do you cover my area?',
    answer: `Start with a fixed-price Clean & View inspection from ${INSPECTION_PRICE_INC_GST}: a high-pressure water-jet clean, a CCTV camera inspection and a detailed report with recommendations. The fee is waived if you go ahead with relining. We work across every state and territory in Australia.`,
  },
] as const;

// ---------------------------------------------------------------- No-dig page

export const COMPARISON_INTRO =
  'With no-dig relining we clean your pipe, film it with a CCTV camera, then pull a resin-soaked liner through an existing access point and cure it in place. The result is a seamless new pipe inside the old one, with no trench across your property. Here is how it compares with digging the old pipe up.';

export const COMPARISON_ROWS = [
  {
    aspect: 'Digging',
    traditional: 'Trenches across gardens, driveways or floors to reach the pipe',
    noDig: 'None: we work through existing access points',
  },
  {
    aspect: 'Time on site',
    traditional: 'Several days to dig, replace, backfill and restore',
    noDig: 'Most jobs done in a day',
  },
  {
    aspect: 'Disruption',
    traditional: 'Noise, mess, machinery and blocked access for days',
    noDig: 'Minimal: your property stays usable',
  },
  {
    aspect: 'Clean-up costs',
    traditional: 'Landscaping, paving, concrete and tiling to put back',
    noDig: 'Little or nothing to restore',
  },
  {
    aspect: 'Result',
    traditional: 'New pipe sections with joints where roots can return',
    noDig: 'A seamless, joint-free pipe inside the old one',
  },
  {
    aspect: 'Lifespan',
    traditional: 'Depends on the new pipe and how it was laid',
    noDig: `Liners last 50+ years, with a ${WARRANTY.guarantee}`,
  },
] as const;

export const NO_DIG_BENEFITS = [
  {
    icon: 'bolt',
    title: 'Lightning Fast',
    text: 'No trench to dig, fill and restore: most jobs are done in a day, not over a week of earthworks.',
  },
  {
    icon: 'dollar',
    title: 'Cost Effective',
    text: 'You don’t pay to rip up and rebuild gardens, driveways or bathrooms, and the Clean & View fee is waived if you go ahead with relining.',
  },
  {
    icon: 'shield',
    title: 'Built to Last',
    text: `Our liners last 50+ years, and every relining job is backed by our ${WARRANTY.guarantee}.`,
  },
  {
    icon: 'future',
    title: 'Future-Proof',
    text: 'A seamless liner leaves no joints for tree roots to find, in sewer and stormwater pipes from 40mm to 300mm+.',
  },
] as const;

/** The no-dig FAQ but its last question (noDigFaq adds it, with the rating claim). */
const NO_DIG_FAQ = [
  {
    question: 'What does no-dig pipe repair mean?',
    answer:
      'It means we repair your pipe without digging it up. Instead of excavating a trench to replace the pipe, we reline it from the inside through the access points that are already there.',
  },
  {
    question: 'How does pipe relining work?',
    answer:
      'We clean the pipe with a high-pressure water jet and inspect it with a CCTV camera. Then we pull a resin-soaked liner into the damaged section and cure it in place, forming a strong, seamless new pipe inside the old one. We film it again when we finish so you can see the result.',
  },
  {
    question: 'Will you need to dig at all?',
    answer:
      'Usually not. A badly collapsed pipe may need a small excavation at the collapsed spot before the rest can be relined. Our inspection shows this before you commit to anything.',
  },
  {
    question: 'How long does it take?',
    answer: 'Most jobs are done in a day. Larger commercial and council projects are scheduled with you in advance to keep disruption to a minimum.',
  },
  {
    question: 'How long does a relined pipe last?',
    answer: `Our liners last 50+ years, and our relining work comes with a ${WARRANTY.guarantee}.`,
  },
  {
    question: 'Can you reline sewer and stormwater pipes?',
    answer: 'Yes, both. We reline sewer and stormwater pipes from 40mm to 300mm+ in diameter, under homes, businesses and public land.',
  },
  {
    question: 'Is relining more expensive than digging?',
    answer:
      'Often it costs less overall, because you don’t pay for excavation or for restoring gardens, driveways, paving or tiles afterwards. After your Clean & View inspection we give you a clear quote, so you know the cost before any work starts.',
  },
  {
    question: 'What happens at the inspection, and what does it cost?',
    answer: `Our Clean & View inspection is a high-pressure water-jet clean plus a CCTV camera inspection, with a detailed report and recommendations. It costs from ${INSPECTION_PRICE_INC_GST}, and the fee is waived if you go ahead with relining.`,
  },
] as const;

/** The no-dig FAQ: the last answer cites the rating claim when a review is published. */
export function noDigFaq(ratingClaim: string | null): AccordionItem[] {
  const rated = ratingClaim ? `, and we’re ${ratingClaim.charAt(0).toLowerCase()}${ratingClaim.slice(1)}` : '';
  return [
    ...NO_DIG_FAQ,
    {
      question: 'Do you service my area?',
      answer: `We work right across Australia, servicing major areas in every state and territory${rated}. Book a Clean & View and our team will confirm your appointment.`,
    },
  ];
}
