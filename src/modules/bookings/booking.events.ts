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
  /** The referral code it carried (capitals), what became of it, and the plumber it names. */
  referralCode: string | null;
  referralCodeStatus: 'attributed' | 'unknown' | 'self' | null;
  referrerId: string | null;
  /** The form's optional 'Send me tips and offers' box was ticked (the notifications module records the consent). */
  marketingConsent: boolean;
}

/** A booking request was stored (not a repeat of one already stored). Raised inside its transaction. */
export class BookingCreated {
  constructor(readonly booking: CreatedBooking) {}
}

/**
 * A booking that carried a referral code was stored (raised inside its transaction, after
 * BookingCreated's writes): the referrals module attributes it to the plumber, or flags an unknown code.
 */
export class BookingReferred {
  constructor(readonly booking: CreatedBooking) {}
}

/** Staff changed a booking's status (raised inside the change's transaction). */
export class BookingStatusChanged {
  constructor(
    readonly bookingId: string,
    readonly status: string,
    readonly previous: string,
  ) {}
}
