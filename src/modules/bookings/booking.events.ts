/** What a newly stored booking tells the modules that react to it (e-mails now; referrals and slots later). */
export interface CreatedBooking {
  id: string;
  createdAt: Date;
  fullName: string;
  email: string;
  phone: string;
  address: string;
  suburb: string;
  state: string | null;
  postcode: string | null;
  /** YYYY-MM-DD, the day the customer asked for. */
  preferredDate: string;
  preferredTime: string;
  briefDescription: string;
  howHeardAboutUs: string | null;
}

/** A booking request was stored (not a repeat of one already stored). Raised inside its transaction. */
export class BookingCreated {
  constructor(readonly booking: CreatedBooking) {}
}
