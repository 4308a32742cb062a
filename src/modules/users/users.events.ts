/**
 * A plumber's bank details changed (not their first entry): raised inside the change's transaction,
 * so the warning e-mail to the account's address is queued with it or not at all (payouts module:
 * BankChangeNotices). Carries only the masked details.
 */
export class BankDetailsChanged {
  constructor(
    readonly userId: string,
    readonly email: string,
    readonly fullName: string | null,
    /** 'BSB 633-***, account ****321' */
    readonly bankDetails: string,
    readonly changedAt: Date,
    readonly heldUntil: Date,
  ) {}
}
