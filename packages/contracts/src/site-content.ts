/**
 * What the public pages show that staff choose in the console (issue 14): the company profile and
 * the images in each page's slots. The server renders every marketing page with it (no client-side
 * fetch for content); the build prerenders the same pages with `DEFAULT_SITE_CONTENT`, so an empty
 * slot shows the product's own artwork and an unset profile field is simply not printed.
 */

/** The widths every image is served in (pixels), those not wider than the original. */
export const IMAGE_WIDTHS = [480, 800, 1200, 1600, 2000] as const;
/** The encodings of each width, best first: a browser takes the first it supports, JPEG always works. */
export const IMAGE_FORMATS = ['avif', 'webp', 'jpeg'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];
export const IMAGE_FILE_EXTENSION: Readonly<Record<ImageFormat, string>> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };
export const IMAGE_CONTENT_TYPE: Readonly<Record<ImageFormat, string>> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };

/** A media-library image as a page shows it: files `/media/{id}/{width}.{avif|webp|jpg}`. */
export interface PublishedImage {
  id: string;
  alt: string;
  caption: string | null;
  /** The original's size after cleaning (upright): gives the page its aspect ratio before the image loads. */
  width: number;
  height: number;
  /** The widths served, ascending (a subset of IMAGE_WIDTHS, or the original's own width when it is narrower than all). */
  widths: number[];
}

/** The URL of one variant of an image. */
export function imageUrl(image: Pick<PublishedImage, 'id'>, width: number, format: ImageFormat): string {
  return `/media/${image.id}/${width}.${IMAGE_FILE_EXTENSION[format]}`;
}

/** A `srcset` value: every width of the image in one format. */
export function imageSrcSet(image: Pick<PublishedImage, 'id' | 'widths'>, format: ImageFormat): string {
  return image.widths.map((width) => `${imageUrl(image, width, format)} ${width}w`).join(', ');
}

/** The widths an original of `width` pixels is served in: those not wider than it, or its own width if it is narrower than all. */
export function variantWidths(width: number): number[] {
  const fitting = IMAGE_WIDTHS.filter((candidate) => candidate <= width);
  return fitting.length > 0 ? [...fitting] : [width];
}

// ---------------------------------------------------------------------------------------------
// Slots

/** One image: a page's hero, the about page's team and vans photos. */
export const IMAGE_SLOTS = {
  'home.hero': { page: '/', label: 'Home page: hero' },
  'about.hero': { page: '/about', label: 'About Us: hero' },
  'about.team': { page: '/about', label: 'About Us: our team' },
  'about.vans': { page: '/about', label: 'About Us: our vans' },
  'why-no-dig.hero': { page: '/why-no-dig', label: 'Why No-Dig: hero' },
  'corporate.hero': { page: '/corporate', label: 'Councils & Corporate: hero' },
  'plumbers.hero': { page: '/plumber-referral', label: 'For Plumbers: hero' },
  'rapidresin.hero': { page: '/rapidresin', label: 'RapidResin: hero' },
} as const satisfies Record<string, { page: string; label: string }>;
export type ImageSlotKey = keyof typeof IMAGE_SLOTS;
export const IMAGE_SLOT_KEYS = Object.keys(IMAGE_SLOTS) as ImageSlotKey[];

/** The home page's before-and-after pairs (spec: three examples), each its own slot. */
export const PAIR_SLOT_KEYS = ['home.pair.1', 'home.pair.2', 'home.pair.3'] as const;
export type PairSlotKey = (typeof PAIR_SLOT_KEYS)[number];

/** The RapidResin page's gallery: up to this many images, in order. */
export const GALLERY_LIMIT = 8;

/** A before-and-after example: its words, and two photos (either may be missing: the artwork stands in). */
export interface BeforeAfterPair {
  title: string;
  description: string;
  before: PublishedImage | null;
  after: PublishedImage | null;
}

/** The spec's three examples: the words every pair starts with, and the artwork shown until photos are chosen. */
export const DEFAULT_PAIRS: Readonly<Record<PairSlotKey, { title: string; description: string }>> = {
  'home.pair.1': {
    title: 'Cracked Sewer Pipe',
    description:
      'An old clay sewer line had cracked along its length and was leaking into the soil. We relined it from the existing access point, sealing every crack with a smooth new pipe inside the old one, without digging up the yard.',
  },
  'home.pair.2': {
    title: 'Root Intrusion',
    description:
      'Tree roots had forced their way through a pipe joint and kept blocking the drain. After cutting the roots out, we installed a seamless liner across the joint so they cannot get back in, with the garden left untouched.',
  },
  'home.pair.3': {
    title: 'Collapsed Drain',
    description:
      'Part of this stormwater drain had caved in and filled with soil. We cleared it and relined it into a round, structurally sound pipe through the existing openings, with no trench across the driveway.',
  },
};

// ---------------------------------------------------------------------------------------------
// Company profile

/** The states and territories a plumbing licence is issued in. */
export const LICENCE_STATES = ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];

export interface PlumbingLicence {
  state: LicenceState;
  number: string;
}

export interface ProfileLink {
  /** What the link is, as shown: 'Facebook', 'Google reviews'. */
  label: string;
  /** An https:// address. */
  url: string;
}

/**
 * The business's credentials, edited in the console (GET/PUT /api/admin/company-profile) and shown in
 * the footer, the about page, every e-mail and the LocalBusiness structured data. A field left empty
 * is not printed anywhere: the site claims only what the business has entered.
 */
export interface CompanyProfile {
  /** The registered name behind the trading name ('Pipe Relining Australia Pty Ltd'). */
  legalName: string;
  /** 11 digits, shown grouped '51 824 753 556'; checked with the ABN checksum. */
  abn: string;
  licences: PlumbingLicence[];
  insurer: string;
  /** Public liability policy number. */
  insurancePolicy: string;
  /** The year the business started (years in business are counted from it), or null. */
  establishedYear: number | null;
  /** Service hours as people read them: 'Mon–Fri 7am–5pm, Sat 8am–12pm, 24/7 emergencies'. */
  serviceHours: string;
  socialLinks: ProfileLink[];
  reviewLinks: ProfileLink[];
}

/** What a fresh installation shows: nothing it could not back (the rating is computed from published reviews). */
export const DEFAULT_COMPANY_PROFILE: CompanyProfile = {
  legalName: '',
  abn: '',
  licences: [],
  insurer: '',
  insurancePolicy: '',
  establishedYear: null,
  serviceHours: '',
  socialLinks: [],
  reviewLinks: [],
};

/** The ABN grouped as people write it: 51 824 753 556 (any spacing accepted). */
export function formatAbn(abn: string): string {
  const digits = abn.replace(/\D/g, '');
  return digits.length === 11 ? `${digits.slice(0, 2)} ${digits.slice(2, 5)} ${digits.slice(5, 8)} ${digits.slice(8)}` : abn;
}

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19] as const;

/** The ATO's ABN check: subtract 1 from the first digit, weight the 11 digits, the sum divides by 89. */
export function isValidAbn(abn: string): boolean {
  if (!/^[\d ]+$/.test(abn)) return false;
  const digits = abn.replace(/ /g, '');
  if (!/^[1-9]\d{10}$/.test(digits)) return false;
  const sum = [...digits].reduce((total, digit, index) => total + (Number(digit) - (index === 0 ? 1 : 0)) * ABN_WEIGHTS[index]!, 0);
  return sum % 89 === 0;
}

/** 'In business since 2009 (17 years)', or null without a year. */
export function yearsInBusinessText(establishedYear: number | null, today: Date = new Date()): string | null {
  if (establishedYear === null) return null;
  const years = today.getFullYear() - establishedYear;
  if (years < 1) return `In business since ${establishedYear}`;
  return `In business since ${establishedYear} (${years} year${years === 1 ? '' : 's'})`;
}

// ---------------------------------------------------------------------------------------------
// Everything a page needs

/** What every public page is rendered with (embedded in each page for hydration and client-side navigation). */
export interface SiteContent {
  profile: CompanyProfile;
  images: Partial<Record<ImageSlotKey, PublishedImage>>;
  pairs: BeforeAfterPair[];
  gallery: PublishedImage[];
  reviews: ReviewsContent;
}

/** A published review as the pages show it (issue 20). */
export interface PublishedReview {
  id: string;
  /** 1–5 stars. */
  rating: number;
  text: string;
  /** The name the author chose to show ('Sarah'). */
  firstName: string;
  suburb: string | null;
  /** When it was written: ISO date 'yyyy-mm-dd'. */
  date: string;
  /** null: from one of our completed jobs (verified); else where it was first published ('Google'). */
  source: string | null;
  /** The business's public reply. */
  reply: { text: string; date: string } | null;
}

/** The published reviews the pages show, and the rating computed from all of them. */
export interface ReviewsContent {
  /** Mean of every published review's stars, one decimal; null with none. */
  rating: number | null;
  /** How many reviews are published. */
  count: number;
  /** The newest good ones (4 stars or more), newest first: the home and about pages. */
  latest: PublishedReview[];
  /** Per service area slug, its newest good published reviews (at most 3): the local pages. */
  nearby: Partial<Record<string, PublishedReview[]>>;
}

export const EMPTY_REVIEWS_CONTENT: ReviewsContent = { rating: null, count: 0, latest: [], nearby: {} };
/** How many reviews the home and about pages show, and each local page. */
export const LATEST_REVIEWS_SHOWN = 6;
export const NEARBY_REVIEWS_SHOWN = 3;

/** The content of a fresh installation (and of the build's prerendered pages): artwork in every slot. */
export const DEFAULT_SITE_CONTENT: SiteContent = {
  profile: DEFAULT_COMPANY_PROFILE,
  images: {},
  pairs: PAIR_SLOT_KEYS.map((key) => ({ ...DEFAULT_PAIRS[key], before: null, after: null })),
  gallery: [],
  reviews: EMPTY_REVIEWS_CONTENT,
};

/** The id of the JSON block every rendered page carries its SiteContent in. */
export const SITE_CONTENT_ELEMENT_ID = 'site-content';

/** The gallery's places, each a slot of its own ('rapidresin.gallery.1' …). */
export const GALLERY_SLOT_KEYS = Array.from({ length: GALLERY_LIMIT }, (_, index) => `rapidresin.gallery.${index + 1}` as const);

/** The media library's rules: what a photo's text fields may hold, and the messages when they do not. */
export const MEDIA_MESSAGES = {
  altText: 'Please describe the photo for people who cannot see it (alt text, at most 250 characters)',
  caption: 'The caption can hold at most 300 characters',
  consentNote: "Please record the owner's consent (who gave it, and when) for a photo of a customer's property",
  consentNoteLength: 'The consent note can hold at most 500 characters',
  file: 'Choose a photo to upload',
  heic: 'HEIC photos cannot be published on the website: please upload a JPEG, PNG or WebP photo',
  pairTitle: 'Please enter a title (at most 80 characters)',
  pairDescription: 'Please enter a description (at most 400 characters)',
  unknownImage: 'Choose a photo from the media library',
  archivedImage: 'This photo is archived: restore it in the media library first',
} as const;
