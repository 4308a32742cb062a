/**
 * Enquiry forms (spec §3, §5; issue 5): corporate project enquiries and product enquiries, with the
 * options and the exact messages, shared by the public site and the server.
 */
import { EMAIL_PATTERN } from './account-rules.js';

export const ISSUE_TYPES = [
  { value: 'blocked', label: 'Blocked Pipe' },
  { value: 'cracked', label: 'Cracked/Broken Pipe' },
  { value: 'leaking', label: 'Leaking Pipe' },
  { value: 'roots', label: 'Tree Root Intrusion' },
  { value: 'maintenance', label: 'Scheduled Maintenance' },
  { value: 'other', label: 'Other' },
] as const;

export const TIMINGS = [
  { value: 'asap', label: 'ASAP / Emergency' },
  { value: 'tender', label: 'Tender Process' },
  { value: 'planned', label: 'Planned Maintenance' },
  { value: 'inquiring', label: 'Just Inquiring' },
] as const;

export type IssueType = (typeof ISSUE_TYPES)[number]['value'];
export type Timing = (typeof TIMINGS)[number]['value'];

/** The products a product enquiry can be about (the resin page's range). */
export const PRODUCTS = ['RapidResin Liner', 'RapidResin Resin', 'RapidResin Starter Kit', 'RapidResin Network'] as const;

export const ENQUIRY_STATUSES = ['new', 'contacted', 'quoted', 'won', 'lost'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
/** The status an enquiry arrives with: no one has contacted them yet. */
export const ENQUIRY_INITIAL_STATUS: EnquiryStatus = 'new';

export const CORPORATE_MESSAGES = {
  organisationName: 'Organization name is required',
  contactPerson: 'Contact person name is required',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  siteAddress: 'Site address is required',
  issueType: 'Please select the type of issue',
  timing: 'Please select project timing',
} as const;

export const PRODUCT_MESSAGES = {
  name: 'Please enter your name',
  email: 'Please enter a valid email address',
  phone: 'Please enter a valid phone number',
  product: 'Please choose a product',
  message: 'Please tell us what you would like to know',
} as const;

export interface CorporateEnquiryInput {
  organisationName?: unknown;
  contactPerson?: unknown;
  email?: unknown;
  phone?: unknown;
  siteAddress?: unknown;
  issueType?: unknown;
  quantity?: unknown;
  timing?: unknown;
  notes?: unknown;
}

export interface ProductEnquiryInput {
  name?: unknown;
  email?: unknown;
  phone?: unknown;
  business?: unknown;
  product?: unknown;
  message?: unknown;
}

export interface FieldProblem {
  field: string;
  message: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const EMAIL = EMAIL_PATTERN;

/** The longest each field may be (characters, after trimming): longer text is refused, never cut. */
export const CORPORATE_LIMITS = { organisationName: 200, contactPerson: 120, phone: 40, siteAddress: 300, quantity: 200, notes: 5_000 } as const;
export const PRODUCT_LIMITS = { name: 120, phone: 40, business: 200, message: 5_000 } as const;

export function tooLongMessage(max: number): string {
  return `Please keep this to ${max.toLocaleString('en-AU')} characters or fewer`;
}

/** A problem for each field longer than its limit, unless the field already has one. */
function lengthProblems(input: Record<string, unknown>, limits: Record<string, number>, problems: FieldProblem[]): void {
  for (const [field, max] of Object.entries(limits)) {
    if (problems.some((problem) => problem.field === field)) continue;
    if ([...text(input[field])].length > max) problems.push({ field, message: tooLongMessage(max) });
  }
}

/** spec §5 Corporate enquiry form, every problem in the form's order. */
export function corporateEnquiryProblems(input: CorporateEnquiryInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (text(input.organisationName).length < 2) problems.push({ field: 'organisationName', message: CORPORATE_MESSAGES.organisationName });
  if (text(input.contactPerson).length < 2) problems.push({ field: 'contactPerson', message: CORPORATE_MESSAGES.contactPerson });
  if (!EMAIL.test(text(input.email)) || text(input.email).length > 254) problems.push({ field: 'email', message: CORPORATE_MESSAGES.email });
  if (text(input.phone).length < 6) problems.push({ field: 'phone', message: CORPORATE_MESSAGES.phone });
  if (text(input.siteAddress).length < 5) problems.push({ field: 'siteAddress', message: CORPORATE_MESSAGES.siteAddress });
  if (!ISSUE_TYPES.some((option) => option.value === input.issueType)) problems.push({ field: 'issueType', message: CORPORATE_MESSAGES.issueType });
  if (!TIMINGS.some((option) => option.value === input.timing)) problems.push({ field: 'timing', message: CORPORATE_MESSAGES.timing });
  lengthProblems(input as Record<string, unknown>, CORPORATE_LIMITS, problems);
  return problems;
}

/** The product enquiry dialog (issue 5): name, e-mail, phone, business, product, message. */
export function productEnquiryProblems(input: ProductEnquiryInput): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (text(input.name).length < 2) problems.push({ field: 'name', message: PRODUCT_MESSAGES.name });
  if (!EMAIL.test(text(input.email)) || text(input.email).length > 254) problems.push({ field: 'email', message: PRODUCT_MESSAGES.email });
  if (text(input.phone).length < 6) problems.push({ field: 'phone', message: PRODUCT_MESSAGES.phone });
  if (!(PRODUCTS as readonly string[]).includes(text(input.product))) problems.push({ field: 'product', message: PRODUCT_MESSAGES.product });
  if (text(input.message).length < 2) problems.push({ field: 'message', message: PRODUCT_MESSAGES.message });
  lengthProblems(input as Record<string, unknown>, PRODUCT_LIMITS, problems);
  return problems;
}
