import type { EnquiryStatus } from '../enquiry-rules.js';

/**
 * Answers of /api/enquiries (the corporate page and the product dialog) and /api/admin/enquiries. The
 * forms' requests are `CorporateEnquiryInput` and `ProductEnquiryInput` (../enquiry-rules.ts).
 */

/** POST /api/enquiries answered as JSON. */
export interface EnquiryCreated {
  id: string;
}

/** An enquiry as staff's list answers it (react-admin's record). */
export interface EnquiryRecord {
  id: string;
  kind: 'corporate' | 'product';
  status: EnquiryStatus;
  organisationName: string | null;
  contactPerson: string;
  email: string;
  phone: string;
  siteAddress: string | null;
  state: string | null;
  postcode: string | null;
  issueType: string | null;
  quantity: string | null;
  timing: string | null;
  business: string | null;
  product: string | null;
  message: string | null;
  notes: string | null;
  createdAt: string;
  updatedAt: string;
  /** When staff archived it (kept, out of the default list); null when active. */
  archivedAt: string | null;
}
