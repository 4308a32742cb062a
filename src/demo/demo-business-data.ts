import type { EnquiryStatus, IssueType, Timing } from '@relining/contracts/enquiry-rules';

/**
 * Fixed tables the demo business is drawn from. People and organisations are made up; suburbs,
 * states and postcodes are real localities (each is in the localities table, which a test checks), so
 * address suggestions, filters and place labels behave as they will with real data. Phone numbers are
 * from the ranges ACMA sets aside for fiction (0491 570 …–0491 579 …, (0x) 5550 ….), so nobody is rung.
 */

export interface DemoPlace {
  suburb: string;
  state: string;
  postcode: string;
}

const place = (suburb: string, state: string, postcode: string): DemoPlace => ({ suburb, state, postcode });

export const PLACES = {
  melbourneInner: [
    place('Richmond', 'VIC', '3121'),
    place('Hawthorn', 'VIC', '3122'),
    place('Carlton', 'VIC', '3053'),
    place('Kew', 'VIC', '3101'),
    place('Camberwell', 'VIC', '3124'),
    place('St Kilda', 'VIC', '3182'),
  ],
  melbourneNorthWest: [
    place('Brunswick', 'VIC', '3056'),
    place('Coburg', 'VIC', '3058'),
    place('Preston', 'VIC', '3072'),
    place('Northcote', 'VIC', '3070'),
    place('Essendon', 'VIC', '3040'),
    place('Moonee Ponds', 'VIC', '3039'),
    place('Footscray', 'VIC', '3011'),
    place('Williamstown', 'VIC', '3016'),
    place('Werribee', 'VIC', '3030'),
  ],
  melbourneSouthEast: [
    place('Box Hill', 'VIC', '3128'),
    place('Ringwood', 'VIC', '3134'),
    place('Glen Waverley', 'VIC', '3150'),
    place('Mount Waverley', 'VIC', '3149'),
    place('Bentleigh', 'VIC', '3204'),
    place('Frankston', 'VIC', '3199'),
    place('Dandenong', 'VIC', '3175'),
  ],
  regionalVictoria: [place('Geelong', 'VIC', '3220'), place('Ballarat Central', 'VIC', '3350')],
  sydney: [
    place('Parramatta', 'NSW', '2150'),
    place('Castle Hill', 'NSW', '2154'),
    place('Penrith', 'NSW', '2750'),
    place('Liverpool', 'NSW', '2170'),
    place('Hornsby', 'NSW', '2077'),
    place('Chatswood', 'NSW', '2067'),
  ],
  sydneyCoast: [place('Manly', 'NSW', '2095'), place('Bondi', 'NSW', '2026'), place('Newtown', 'NSW', '2042'), place('Cronulla', 'NSW', '2230')],
  regionalNsw: [place('Wollongong', 'NSW', '2500'), place('Newcastle', 'NSW', '2300')],
  brisbane: [
    place('Toowong', 'QLD', '4066'),
    place('Paddington', 'QLD', '4064'),
    place('Chermside', 'QLD', '4032'),
    place('Indooroopilly', 'QLD', '4068'),
    place('Southport', 'QLD', '4215'),
  ],
  adelaide: [place('Norwood', 'SA', '5067'), place('Glenelg', 'SA', '5045'), place('Prospect', 'SA', '5082'), place('Unley', 'SA', '5061')],
  perth: [place('Subiaco', 'WA', '6008'), place('Fremantle', 'WA', '6160'), place('Scarborough', 'WA', '6019')],
  canberra: [place('Belconnen', 'ACT', '2617'), place('Kingston', 'ACT', '2604')],
  hobartLaunceston: [place('Sandy Bay', 'TAS', '7005'), place('Launceston', 'TAS', '7250')],
} as const satisfies Record<string, readonly DemoPlace[]>;

export type Region = keyof typeof PLACES;

/** Where booking requests come from: weighted to Victoria (the company's home) and Sydney, but Australia-wide. */
export const BOOKING_REGIONS: readonly Region[] = [
  'melbourneInner',
  'melbourneInner',
  'melbourneNorthWest',
  'melbourneNorthWest',
  'melbourneSouthEast',
  'melbourneSouthEast',
  'regionalVictoria',
  'sydney',
  'sydney',
  'sydneyCoast',
  'regionalNsw',
  'brisbane',
  'adelaide',
  'perth',
  'canberra',
  'hobartLaunceston',
];

/** Every locality the demo uses, for the test that checks each one is real. */
export const ALL_PLACES: readonly DemoPlace[] = Object.values(PLACES).flat();

export const FIRST_NAMES = [
  'Olivia',
  'Noah',
  'Charlotte',
  'Oliver',
  'Amelia',
  'William',
  'Isla',
  'Jack',
  'Mia',
  'Henry',
  'Ava',
  'Lucas',
  'Grace',
  'Thomas',
  'Zoe',
  'James',
  'Ruby',
  'Ethan',
  'Harper',
  'Samuel',
  'Sophie',
  'Daniel',
  'Hannah',
  'Matthew',
  'Emily',
  'Andrew',
  'Georgia',
  'Joshua',
  'Lily',
  'Nathan',
  'Chloe',
  'Aaron',
  'Ella',
  'Ryan',
  'Maya',
  'Luke',
  'Anh',
  'Raj',
  'Mei',
  'Giorgos',
] as const;

export const LAST_NAMES = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Johnson',
  'White',
  'Martin',
  'Anderson',
  'Thompson',
  'Nguyen',
  'Thomas',
  'Walker',
  'Harris',
  'Lee',
  'Ryan',
  'Robinson',
  'Kelly',
  'King',
  'Campbell',
  'Mitchell',
  'Clarke',
  'Murphy',
  'Papadopoulos',
  'Russo',
  'Tran',
  'Patel',
  'Chen',
  'Singh',
  'Kowalski',
  'Fraser',
  'Doyle',
  'Hughes',
  'Bennett',
  'Costa',
] as const;

export const STREETS = [
  'Station Street',
  'High Street',
  'Church Street',
  'Victoria Road',
  'Park Avenue',
  'George Street',
  'King Street',
  'Queen Street',
  'Albert Street',
  'Elizabeth Street',
  'Railway Parade',
  'Beach Road',
  'Hill Street',
  'Wattle Grove',
  'Banksia Crescent',
  'Bay Street',
  'Rose Street',
  'Charles Street',
  'William Street',
  'Main Road',
  'Grey Street',
  'Orchard Grove',
  'Jacaranda Drive',
  'Mitchell Street',
  'Union Road',
  'Bridge Road',
  'Melrose Street',
  'Bellevue Avenue',
  'Acacia Court',
  'Heather Street',
] as const;

/** Mobile numbers set aside for fiction (ACMA). */
export const MOBILES = [
  '0491 570 006',
  '0491 570 156',
  '0491 570 157',
  '0491 570 158',
  '0491 570 159',
  '0491 570 110',
  '0491 570 313',
  '0491 570 737',
  '0491 571 266',
  '0491 571 491',
  '0491 571 804',
  '0491 572 549',
  '0491 572 665',
  '0491 572 983',
  '0491 573 770',
  '0491 573 087',
  '0491 574 118',
  '0491 574 632',
  '0491 575 254',
  '0491 575 789',
  '0491 576 398',
  '0491 576 801',
  '0491 577 426',
  '0491 577 644',
  '0491 578 957',
  '0491 578 148',
  '0491 578 888',
  '0491 579 212',
  '0491 579 760',
  '0491 579 455',
] as const;

/** What homeowners write in the booking form's message. */
export const BOOKING_DESCRIPTIONS = [
  'Kitchen sink and laundry trough draining slowly; the floor waste gurgles after heavy rain.',
  'Tree roots in the sewer line. Our plumber has cleared it twice this year already.',
  'Toilet backs up every few weeks. House was built in the sixties, so probably clay pipes.',
  'Stormwater pit in the backyard overflows whenever it rains hard.',
  'We are buying this house and want a camera inspection of the sewer before settlement.',
  'Wet patch on the driveway near the boundary trap, and a sewage smell in the evenings.',
  'Renovating the bathroom; want the old sewer line checked before the new tiles go down.',
  'Block of six units with a shared sewer that keeps blocking. Body corporate approved an inspection.',
  'Big gum tree next to the sewer line and recurring blockages. Would rather not dig up the garden.',
  'Downpipe connection looks cracked and water is pooling against the house.',
  'Every drain in the house is slow. Last plumber thought there might be a sag in the line.',
  'Cafe kitchen: the line from the grease trap blocks most weeks. Need a clean and a camera report.',
  'Insurance claim for a broken sewer under the back lawn; the insurer wants a CCTV report.',
  'Shower and basin drain slowly and the overflow relief gully lifted last weekend.',
  'Old cast iron pipe under the house is leaking at a joint, water under the floorboards.',
] as const;

/** What plumbers write when they refer a job they cannot fix without digging. */
export const REFERRAL_DESCRIPTIONS = [
  'Camera shows root intrusion at two joints of the clay sewer; jetted it but it will come back.',
  'Cracked sewer under the concrete driveway. Client does not want the driveway dug up.',
  'Collapsed section of stormwater near the boundary, about four metres in.',
  'Displaced joint under the back deck, repeated blockages. Good candidate for a reline.',
  'Old earthenware line with several cracks found on my camera; owner wants a proper report.',
  'Sewer blocks every couple of months, roots from the neighbour’s tree. Access from the inspection opening.',
  'Stormwater line under the pool area broken; can’t excavate without removing paving.',
  'Cast iron stack corroded at the base, leaking into the subfloor.',
  'Grease build-up and a belly in the line behind a restaurant; needs cleaning and assessment.',
  'Body corporate job: shared sewer for four townhouses, cracked under the common driveway.',
] as const;

export const STAFF_REFERRAL_NOTES = [
  'Client prefers a morning appointment.',
  'Access via the side gate; dog in the yard.',
  'Quote sent with two options (partial and full reline).',
  'Client asked for the CCTV footage for the insurer.',
  'Tenant on site; contact the owner for approval before the reline.',
] as const;

/**
 * The technicians who do the Clean & View visits, two per state (a slot takes two visits): the two
 * places of a slot go to different technicians, so nobody is in two places at once.
 */
export const TECHNICIANS = {
  VIC: ['Sam', 'Priya'],
  NSW: ['Jack', 'Mei'],
  QLD: ['Tom', 'Aroha'],
  SA: ['Ben', 'Nadia'],
  WA: ['Liam', 'Keira'],
  TAS: ['Callum', 'Ivy'],
  NT: ['Dylan', 'Rosa'],
  ACT: ['Hamish', 'Leila'],
} as const satisfies Record<string, readonly [string, string]>;

/**
 * Where the coming fortnight's confirmed visits are, taken in turn: Melbourne and Sydney most, and
 * every state's crew at work (Victoria, New South Wales, Queensland and Western Australia in the first four).
 */
export const VISIT_AREAS: readonly Region[] = [
  'melbourneInner',
  'sydney',
  'brisbane',
  'perth',
  'melbourneNorthWest',
  'sydneyCoast',
  'adelaide',
  'melbourneSouthEast',
  'brisbane',
  'canberra',
  'regionalNsw',
  'perth',
  'regionalVictoria',
  'hobartLaunceston',
];

/** The two demo appointments that were cancelled: where, by whom and why. */
export const APPOINTMENT_CANCELLATIONS: ReadonlyArray<{ area: Region; by: 'customer' | 'staff'; reason: string }> = [
  { area: 'sydneyCoast', by: 'customer', reason: 'Our plumber cleared the drain after all. We will book again if it comes back.' },
  { area: 'melbourneSouthEast', by: 'staff', reason: 'The strata manager asked us to wait for the committee to approve the work; we will call to rebook.' },
];

export interface DemoPlumberProfile {
  fullName: string;
  businessName: string;
  phone: string;
  email: string;
  region: Region;
}

/** The demo plumber, whose sign-in details are shown at the first start (demo-data.service.ts). */
export const DEMO_PLUMBER: DemoPlumberProfile = {
  fullName: 'Sam Taylor',
  businessName: 'Taylor Plumbing',
  phone: '+61 400 123 456',
  email: 'plumber@example.com.au',
  region: 'melbourneInner',
};

/**
 * Plumbers in the referral programme besides the demo plumber. Accounts for data only: their passwords are random and never shown.
 */
export const PARTNER_PLUMBERS: readonly DemoPlumberProfile[] = [
  {
    fullName: 'Liam O’Connor',
    businessName: 'O’Connor Plumbing & Gas',
    phone: '+61 491 571 266',
    email: 'liam.oconnor@example.com.au',
    region: 'melbourneNorthWest',
  },
  {
    fullName: 'Priya Sharma',
    businessName: 'Sharma Drainage Solutions',
    phone: '+61 491 572 549',
    email: 'priya.sharma@example.com.au',
    region: 'sydney',
  },
  {
    fullName: 'Jack Morrison',
    businessName: 'Morrison & Sons Plumbing',
    phone: '+61 491 573 770',
    email: 'jack.morrison@example.com.au',
    region: 'melbourneSouthEast',
  },
  {
    fullName: 'Chloe Nguyen',
    businessName: 'Bayside Blocked Drains',
    phone: '+61 491 574 632',
    email: 'chloe.nguyen@example.com.au',
    region: 'melbourneInner',
  },
  {
    fullName: 'Nick Papadopoulos',
    businessName: 'Eastside Plumbing SA',
    phone: '+61 491 575 789',
    email: 'nick.papadopoulos@example.com.au',
    region: 'adelaide',
  },
  {
    fullName: 'Ben Walker',
    businessName: 'Walker Plumbing Services',
    phone: '+61 491 576 801',
    email: 'ben.walker@example.com.au',
    region: 'brisbane',
  },
];

/** A plumber without an account who used the quick referral form: their referrals wait unattached. */
export const QUICK_REFERRER: DemoPlumberProfile = {
  fullName: 'Dave Kowalski',
  businessName: 'Harbour City Plumbing',
  phone: '0491 577 644',
  email: 'dave.kowalski@example.com.au',
  region: 'sydneyCoast',
};

export interface DemoEnquiryRow {
  kind: 'corporate' | 'product';
  organisationName: string | null;
  contactPerson: string;
  email: string;
  phone: string;
  /** Corporate: the site; its locality gives the enquiry's state and postcode. */
  site: { street: string; place: DemoPlace } | null;
  issueType: IssueType | null;
  quantity: string | null;
  timing: Timing | null;
  business: string | null;
  product: string | null;
  message: string | null;
  staffNotes: string | null;
  status: EnquiryStatus;
  /** Days before today it came in, and (when staff have acted on it) when they last did. */
  daysAgo: number;
  handledDaysAgo: number | null;
  archived: boolean;
}

/** Councils, water authorities, corporate clients and resin buyers (made-up organisations). */
export const ENQUIRIES: readonly DemoEnquiryRow[] = [
  {
    kind: 'corporate',
    organisationName: 'Merri Creek City Council',
    contactPerson: 'Helen Marsh',
    email: 'helen.marsh@example.com.au',
    phone: '(03) 5550 1842',
    site: { street: 'Civic Centre car park, 90 Bell Street', place: place('Coburg', 'VIC', '3058') },
    issueType: 'cracked',
    quantity: 'About 120 m of 300 mm stormwater under the car park',
    timing: 'tender',
    business: null,
    product: null,
    message: 'Tender opens next month. We would like a site visit and CCTV of the worst section first.',
    staffNotes: 'Site visit booked with their asset engineer.',
    status: 'contacted',
    daysAgo: 9,
    handledDaysAgo: 7,
    archived: false,
  },
  {
    kind: 'corporate',
    organisationName: 'Greater Bayside Water',
    contactPerson: 'Tom Fraser',
    email: 'tom.fraser@example.com.au',
    phone: '(03) 5550 3307',
    site: { street: 'Pump station 14, Beach Road', place: place('Frankston', 'VIC', '3199') },
    issueType: 'roots',
    quantity: '14 sewer branch connections',
    timing: 'planned',
    business: null,
    product: null,
    message: 'Programme of root-affected connections for next financial year.',
    staffNotes: 'Quote sent for the whole programme, staged over two quarters.',
    status: 'quoted',
    daysAgo: 31,
    handledDaysAgo: 24,
    archived: false,
  },
  {
    kind: 'corporate',
    organisationName: 'Harbourside Property Group',
    contactPerson: 'Sophie Tran',
    email: 'sophie.tran@example.com.au',
    phone: '(02) 5550 4419',
    site: { street: 'Level 1, 45 George Street', place: place('Parramatta', 'NSW', '2150') },
    issueType: 'leaking',
    quantity: 'Sewer stack and basement drainage, 3 buildings',
    timing: 'asap',
    business: null,
    product: null,
    message: 'Water coming through the basement wall near the sewer stack. Tenants affected.',
    staffNotes: 'Won: crew in next week, then the other two buildings.',
    status: 'won',
    daysAgo: 44,
    handledDaysAgo: 36,
    archived: false,
  },
  {
    kind: 'corporate',
    organisationName: 'Southern Cross Aged Care',
    contactPerson: 'Mark Bennett',
    email: 'mark.bennett@example.com.au',
    phone: '(07) 5550 2261',
    site: { street: '12 Sunset Drive', place: place('Southport', 'QLD', '4215') },
    issueType: 'blocked',
    quantity: 'Kitchen and laundry lines',
    timing: 'asap',
    business: null,
    product: null,
    message: 'Recurring blockages in the kitchen line; we cannot close the kitchen for long.',
    staffNotes: null,
    status: 'new',
    daysAgo: 1,
    handledDaysAgo: null,
    archived: false,
  },
  {
    kind: 'corporate',
    organisationName: 'Riverbend Shire Council',
    contactPerson: 'Anna Costa',
    email: 'anna.costa@example.com.au',
    phone: '(08) 5550 6620',
    site: { street: 'Memorial Oval amenities, 2 Park Avenue', place: place('Norwood', 'SA', '5067') },
    issueType: 'maintenance',
    quantity: 'Several public toilet blocks',
    timing: 'inquiring',
    business: null,
    product: null,
    message: 'Gathering prices for next year’s budget.',
    staffNotes: 'Budget not approved this year; they will come back to us.',
    status: 'lost',
    daysAgo: 50,
    handledDaysAgo: 38,
    archived: true,
  },
  {
    kind: 'corporate',
    organisationName: 'Metro Schools Facilities',
    contactPerson: 'Daniel Hughes',
    email: 'daniel.hughes@example.com.au',
    phone: '(02) 5550 7738',
    site: { street: 'Northern Campus, 100 Pennant Hills Road', place: place('Hornsby', 'NSW', '2077') },
    issueType: 'cracked',
    quantity: 'Stormwater under the basketball courts',
    timing: 'planned',
    business: null,
    product: null,
    message: 'Work has to happen in the school holidays.',
    staffNotes: 'Quoted for the holiday window.',
    status: 'quoted',
    daysAgo: 19,
    handledDaysAgo: 13,
    archived: false,
  },
  {
    kind: 'corporate',
    organisationName: 'Capital Strata Management',
    contactPerson: 'Ruby Campbell',
    email: 'ruby.campbell@example.com.au',
    phone: '(02) 5550 9054',
    site: { street: '7 Eyre Street', place: place('Kingston', 'ACT', '2604') },
    issueType: 'other',
    quantity: null,
    timing: 'inquiring',
    business: null,
    product: null,
    message: 'Do you service Canberra? Several of our strata plans have old clay sewers.',
    staffNotes: null,
    status: 'new',
    daysAgo: 3,
    handledDaysAgo: null,
    archived: false,
  },
  {
    kind: 'product',
    organisationName: null,
    contactPerson: 'Ryan Doyle',
    email: 'ryan.doyle@example.com.au',
    phone: '0491 578 148',
    site: null,
    issueType: null,
    quantity: null,
    timing: null,
    business: 'Doyle Plumbing',
    product: 'RapidResin Starter Kit',
    message: 'Looking to start relining small jobs myself. What training comes with the starter kit?',
    staffNotes: 'Sent the product guide and training dates.',
    status: 'contacted',
    daysAgo: 6,
    handledDaysAgo: 5,
    archived: false,
  },
  {
    kind: 'product',
    organisationName: null,
    contactPerson: 'Mei Chen',
    email: 'mei.chen@example.com.au',
    phone: '0491 578 888',
    site: null,
    issueType: null,
    quantity: null,
    timing: null,
    business: 'West Coast Relining',
    product: 'RapidResin Network',
    message: 'We would like to become a distributor in Western Australia.',
    staffNotes: null,
    status: 'new',
    daysAgo: 2,
    handledDaysAgo: null,
    archived: false,
  },
  {
    kind: 'product',
    organisationName: null,
    contactPerson: 'Giorgos Russo',
    email: 'giorgos.russo@example.com.au',
    phone: '0491 579 212',
    site: null,
    issueType: null,
    quantity: null,
    timing: null,
    business: 'Russo Drains',
    product: 'RapidResin Liner',
    message: 'Pricing for two rolls of 100 mm liner, delivered to Hobart.',
    staffNotes: 'Went with another supplier on price.',
    status: 'lost',
    daysAgo: 27,
    handledDaysAgo: 20,
    archived: false,
  },
];
