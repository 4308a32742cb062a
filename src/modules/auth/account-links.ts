import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { LinkMinters, type LinkMinter, type MintedLink } from '../notifications/link-minters.js';
import { UsersRepository } from '../users/users.repository.js';
import { AuthRepository } from './auth.repository.js';
import { isUuid } from './auth.rules.js';

/** The name the notifications worker knows this module's links by. */
export const ACCOUNT_LINK_MINTER = 'account-link';

/**
 * Makes the one-time links of account e-mails (verify, reset, invitation) when the e-mail is
 * delivered, never before: the stored message, the outbox, previews and backups hold
 * `[link hidden]`; the token exists only in the message handed to the SMTP server and, hashed, in
 * `account_tokens`. Each delivery try (a retry, a resend from the outbox, a repeat after a crash) makes
 * a new token; all of a request's tokens work until one is used, they expire, or the password is set.
 *
 * This is also where a reset request first looks at whether the address has an account: after the
 * answer was sent, so the answer's timing says nothing about it.
 */
@Injectable()
export class AccountLinks implements LinkMinter, OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: AuthRepository,
    private readonly users: UsersRepository,
    private readonly minters: LinkMinters,
  ) {}

  onModuleInit(): void {
    this.minters.register(ACCOUNT_LINK_MINTER, this);
  }

  async mint(ref: string): Promise<MintedLink> {
    if (!isUuid(ref)) return { kind: 'withdrawn', reason: 'its link request is unknown.' };
    return this.dataSource.transaction(async (manager) => {
      const request = await this.repository.findLinkRequestForUpdate(manager, ref);
      if (!request) return { kind: 'withdrawn', reason: 'its link request is unknown.' };
      if (request.retiredAt)
        return { kind: 'withdrawn', reason: 'its link was retired before it could be sent (a link was used or the password was set since).' };
      const user = await this.users.findByEmailWithPassword(request.email, manager);
      if (!user) return { kind: 'withdrawn', reason: 'no account uses this address.' };
      if (user.disabledAt) return { kind: 'withdrawn', reason: 'the account is disabled.' };
      if (request.purpose === 'verify_email' && user.emailVerifiedAt) return { kind: 'withdrawn', reason: 'the address is already confirmed.' };
      const secret = await this.repository.issueAccountToken(manager, user.id, request.purpose, request.id);
      return { kind: 'minted', secret, to: user.email };
    });
  }
}
