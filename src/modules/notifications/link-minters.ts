import { Injectable } from '@nestjs/common';

/**
 * Stands in a stored message for a one-time link's secret (a verification, reset or invitation
 * token). The outbox, the console, previews and backups only ever hold this; the worker puts a fresh
 * secret in its place in the message it hands to the SMTP server, and nowhere else.
 */
export const SECRET_LINK_PLACEHOLDER = '[link hidden]';

/** What a minter answers for one delivery try. */
export type MintedLink =
  /** `secret` replaces the placeholder in this try's message; `to` is where the link may go (the account's own address). */
  | { kind: 'minted'; secret: string; to: string }
  /** The link may no longer be given (no account uses the address, its password was set since…): the message is not sent. */
  | { kind: 'withdrawn'; reason: string };

/**
 * A module that owns one-time links makes them on demand: `ref` is what it stored when it queued the
 * message (a request id, never a secret). Each call makes a new secret and keeps only its hash; a
 * retry or a resend calls again.
 */
export interface LinkMinter {
  mint(ref: string): Promise<MintedLink>;
}

/**
 * The minters by name. Modules register theirs at start-up (auth registers `account-link`), so the
 * notifications module asks the owner for a link instead of reading another module's tables.
 */
@Injectable()
export class LinkMinters {
  private readonly minters = new Map<string, LinkMinter>();

  register(name: string, minter: LinkMinter): void {
    this.minters.set(name, minter);
  }

  has(name: string): boolean {
    return this.minters.has(name);
  }

  async mint(name: string, ref: string): Promise<MintedLink> {
    const minter = this.minters.get(name);
    if (!minter) throw new Error(`No link minter named "${name}" is registered`);
    return minter.mint(ref);
  }
}

/** The message of one try, with the secret in place of every placeholder (text and HTML alike: it needs no escaping). */
export function withSecret(body: string, secret: string): string {
  return body.split(SECRET_LINK_PLACEHOLDER).join(secret);
}
