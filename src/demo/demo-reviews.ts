import { createHash } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { queryRows } from '../database/sql.js';
import { serviceAreaOfPostcode } from '@relining/contracts/service-areas';

/**
 * The demo business's published reviews (issue 20): 83 of them, 75 of five stars and 8 of four, so
 * the site states 'Rated 4.9 out of 5 from 83 reviews' (407 / 83 = 4.90), computed from them like
 * any published review. Imported from Google (their authors published them there: consent given),
 * spread over every service area (each capital several) and over the past two years.
 */

/** Where the demo's reviewers live: every service area, the capitals with six suburbs each. */
const SUBURBS: ReadonlyArray<readonly [string, string]> = [
  // Sydney
  ['Manly', '2095'],
  ['Parramatta', '2150'],
  ['Bondi', '2026'],
  ['Chatswood', '2067'],
  ['Marrickville', '2204'],
  ['Penrith', '2750'],
  // Melbourne
  ['Richmond', '3121'],
  ['Fitzroy', '3065'],
  ['Brunswick', '3056'],
  ['St Kilda', '3182'],
  ['Box Hill', '3128'],
  ['Footscray', '3011'],
  // Brisbane
  ['Toowong', '4066'],
  ['Paddington', '4064'],
  ['Chermside', '4032'],
  ['Indooroopilly', '4068'],
  ['Carindale', '4152'],
  ['Wynnum', '4178'],
  // Perth
  ['Subiaco', '6008'],
  ['Fremantle', '6160'],
  ['Scarborough', '6019'],
  ['Joondalup', '6027'],
  ['Victoria Park', '6100'],
  ['Midland', '6056'],
  // Adelaide
  ['Norwood', '5067'],
  ['Glenelg', '5045'],
  ['Prospect', '5082'],
  ['Unley', '5061'],
  ['Marion', '5043'],
  ['Salisbury', '5108'],
  // Hobart
  ['Sandy Bay', '7005'],
  ['Battery Point', '7004'],
  ['Kingston', '7050'],
  ['Glenorchy', '7010'],
  ['Bellerive', '7018'],
  ['New Town', '7008'],
  // Darwin
  ['Darwin City', '0800'],
  ['Nightcliff', '0810'],
  ['Palmerston', '0830'],
  ['Parap', '0820'],
  ['Casuarina', '0810'],
  ['Stuart Park', '0820'],
  // Canberra
  ['Belconnen', '2617'],
  ['Braddon', '2612'],
  ['Kingston', '2604'],
  ['Tuggeranong', '2900'],
  ['Woden', '2606'],
  ['Gungahlin', '2912'],
  // The regional centres
  ['Southport', '4215'],
  ['Burleigh Heads', '4220'],
  ['Robina', '4226'],
  ['Merewether', '2291'],
  ['Hamilton', '2303'],
  ['Charlestown', '2290'],
  ['Gosford', '2250'],
  ['Terrigal', '2260'],
  ['Woy Woy', '2256'],
  ['Maroochydore', '4558'],
  ['Noosa Heads', '4567'],
  ['Caloundra', '4551'],
  ['Wollongong', '2500'],
  ['Thirroul', '2515'],
  ['Figtree', '2525'],
  ['Geelong', '3220'],
  ['Belmont', '3216'],
  ['Newtown', '3220'],
  ['Townsville City', '4810'],
  ['Aitkenvale', '4814'],
  ['Kirwan', '4817'],
  ['Cairns City', '4870'],
  ['Edge Hill', '4870'],
  ['Smithfield', '4878'],
  ['Toowoomba City', '4350'],
  ['Rangeville', '4350'],
  ['Highfields', '4352'],
  ['Ballarat Central', '3350'],
  ['Wendouree', '3355'],
  ['Sebastopol', '3356'],
  ['Bendigo', '3550'],
  ['Kangaroo Flat', '3555'],
  ['Strathdale', '3550'],
  ['Launceston', '7250'],
  ['Trevallyn', '7250'],
];

const NAMES = [
  'Sarah',
  'James',
  'Priya',
  'Liam',
  'Mei',
  'Jack',
  'Olivia',
  'Noah',
  'Aisha',
  'Tom',
  'Chloe',
  'Ethan',
  'Grace',
  'Lachlan',
  'Zoe',
  'Mohammed',
  'Ruby',
  'Oliver',
  'Hannah',
  'Cooper',
  'Isla',
  'Harrison',
  'Ava',
  'Raj',
  'Emily',
  'Declan',
  'Sienna',
  'Kai',
  'Matilda',
  'Nguyen',
  'Charlotte',
  'Hamish',
  'Layla',
  'Mitchell',
  'Georgia',
  'Angus',
  'Leah',
  'Tariq',
  'Jess',
  'Bronwyn',
  'Darcy',
];

const FIVE_STARS = [
  'The CCTV inspection showed exactly where the tree roots had got in. Relined in a day, no digging.',
  'Blocked drain sorted the same week. They showed us the camera footage before and after.',
  'Relined our old clay sewer without touching the new driveway. Could not be happier.',
  'Honest advice: the camera showed only one section needed relining, so that is all they quoted.',
  'Tree roots had been blocking the drain for years. Cleared, relined, and it has flowed perfectly since.',
  'On time, tidy, and the lawn looks like nobody was ever here. Relining without digging is magic.',
  'Clear explanation of the CCTV report and a fixed price. The job took one morning.',
  'Our laundry drain kept backing up. They found a cracked pipe with the camera and relined it the next day.',
  'Friendly crew, no mess, and the garden beds were not touched. Highly recommend.',
  'Great communication from booking to finish. The tracking link showed every step.',
  'They relined under the bathroom slab with no jackhammering. Saved us thousands.',
  'Roots in the stormwater line cleared and relined. Fast, professional and fairly priced.',
  'Second time using them for a blocked drain. Same great service, same honest pricing.',
  'Showed us the before and after camera footage. The new liner looks better than a new pipe.',
  'Booked online, inspected two days later, relined the following week. Painless.',
];

const FOUR_STARS = [
  'Good work on the relining. Took a little longer than planned, but they kept us informed.',
  'The CCTV inspection found the problem quickly. Had to reschedule once, otherwise great.',
  'Blocked drain fixed and relined without digging. A bit pricey, but worth it.',
  'Solid job on the tree roots. Would have liked the report a little sooner.',
];

const REPLIES = [
  'Thank you! It was a pleasure working on your drains.',
  'Thanks for the kind words. Glad the relining saved your garden.',
  'Thank you for choosing us, and for taking the time to write.',
];

const DAY = 86_400_000;
export const DEMO_REVIEW_COUNT = 83;
/** Which of the demo reviews have four stars (8 of 83, spread out): the rest have five. */
const FOUR_STAR_PLACES = new Set([7, 17, 27, 37, 47, 57, 67, 77]);

export interface DemoReview {
  rating: number;
  text: string;
  firstName: string;
  suburb: string;
  postcode: string;
  area: string | null;
  writtenAt: Date;
  reply: string | null;
  /** Stable across runs (not the date, which follows today): the same demo review is never stored twice. */
  fingerprint: string;
}

/** The demo's 83 reviews, dated back from `now` over two years, newest first. */
export function demoReviews(now: Date): DemoReview[] {
  return Array.from({ length: DEMO_REVIEW_COUNT }, (_, index) => {
    const [suburb, postcode] = SUBURBS[index % SUBURBS.length]!;
    const four = FOUR_STAR_PLACES.has(index);
    const text = four ? FOUR_STARS[index % FOUR_STARS.length]! : FIVE_STARS[(index * 7) % FIVE_STARS.length]!;
    const firstName = NAMES[(index * 5) % NAMES.length]!;
    // Evenly over the past two years, the newest four days ago; mid-morning in eastern Australia.
    const daysAgo = 4 + Math.floor((index * 726) / DEMO_REVIEW_COUNT);
    return {
      rating: four ? 4 : 5,
      text,
      firstName,
      suburb,
      postcode,
      area: serviceAreaOfPostcode(postcode)?.slug ?? null,
      writtenAt: new Date(Math.floor(now.getTime() / DAY) * DAY - daysAgo * DAY),
      reply: index % 6 === 0 ? REPLIES[(index / 6) % REPLIES.length]! : null,
      fingerprint: createHash('sha256').update(`demo-review:${index}`).digest('hex'),
    };
  });
}

/** Stores the demo reviews, published; those already stored (same fingerprint) are skipped. Answers how many were added. */
export async function seedDemoReviews(manager: EntityManager, now: Date): Promise<number> {
  const reviews = demoReviews(now);
  const rows = await queryRows<{ id: string }>(
    manager,
    `INSERT INTO reviews (status, rating, text, first_name, suburb, postcode, area, consent, source, verified, written_at, published_at, reply, replied_at,
       import_fingerprint, created_at, updated_at)
     SELECT 'published', r.rating, r.text, r.first_name, r.suburb, r.postcode, r.area, true, 'Google', false, r.written_at, r.written_at + interval '1 day',
       r.reply, CASE WHEN r.reply IS NOT NULL THEN r.written_at + interval '1 day' END, r.fingerprint, r.written_at, r.written_at
     FROM jsonb_to_recordset($1::jsonb) AS r(rating smallint, text text, first_name text, suburb text, postcode text, area text, written_at timestamptz,
       reply text, fingerprint text)
     ON CONFLICT (import_fingerprint) DO NOTHING RETURNING id`,
    [
      JSON.stringify(
        reviews.map((review) => ({
          rating: review.rating,
          text: review.text,
          first_name: review.firstName,
          suburb: review.suburb,
          postcode: review.postcode,
          area: review.area,
          written_at: review.writtenAt.toISOString(),
          reply: review.reply,
          fingerprint: review.fingerprint,
        })),
      ),
    ],
  );
  return rows.length;
}
