/** What a newly stored enquiry tells the modules that react to it. */
export interface ReceivedEnquiry {
  id: string;
  kind: 'corporate' | 'product';
  createdAt: Date;
  contactPerson: string;
  email: string;
  phone: string;
  organisationName: string | null;
  siteAddress: string | null;
  issueType: string | null;
  quantity: string | null;
  timing: string | null;
  business: string | null;
  product: string | null;
  message: string | null;
}

/** A corporate or product enquiry was stored. Raised inside its transaction. */
export class EnquiryReceived {
  constructor(readonly enquiry: ReceivedEnquiry) {}
}
