/** The media library and page image slots (issue 14): /api/admin/media and /api/admin/site-slots. */
import type { ImageSlotKey, PairSlotKey } from '../site-content.js';

/** GET /api/admin/media (react-admin list; filters q, archived, id), GET/PUT /api/admin/media/:id. */
export interface MediaImageRecord {
  id: string;
  altText: string;
  caption: string | null;
  /** The photo shows a customer's property: the owner's consent is recorded in `consentNote`. */
  showsCustomerProperty: boolean;
  consentNote: string | null;
  originalName: string | null;
  width: number;
  height: number;
  /** The widths served (each in AVIF, WebP and JPEG). */
  widths: number[];
  /** All its files together, in bytes. */
  byteSize: number;
  /** A small JPEG for lists and pickers. */
  thumbnailUrl: string;
  /** The slots it is shown in (their labels), e.g. 'Home page: hero'. */
  usedIn: string[];
  createdAt: string;
  updatedAt: string;
  archivedAt: string | null;
}

/** The text fields of POST /api/admin/media (multipart, beside the `file`) and of PUT /api/admin/media/:id. */
export interface MediaImageFields {
  altText: string;
  caption?: string | null;
  showsCustomerProperty?: boolean;
  consentNote?: string | null;
}

export type SiteSlotKind = 'image' | 'pair' | 'gallery';

/** GET /api/admin/site-slots (every slot, in page order), GET/PUT /api/admin/site-slots/:id. */
export interface SiteSlotRecord {
  /** The slot's key: 'home.hero', 'home.pair.1', 'rapidresin.gallery.3'. */
  id: ImageSlotKey | PairSlotKey | `rapidresin.gallery.${number}`;
  kind: SiteSlotKind;
  label: string;
  /** The public page it is on. */
  page: string;
  /** The photo (a pair's 'before' photo), or null: the page shows its artwork. */
  imageId: string | null;
  /** A pair's 'after' photo. */
  afterImageId: string | null;
  /** A pair's words (null for other kinds). */
  title: string | null;
  description: string | null;
  updatedAt: string | null;
}

/** PUT /api/admin/site-slots/:id: the photos (null: back to the artwork) and a pair's words. */
export interface SiteSlotChange {
  imageId: string | null;
  afterImageId?: string | null;
  title?: string | null;
  description?: string | null;
}
