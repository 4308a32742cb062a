import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Application-level encryption of single fields at rest (AES-256-GCM): plumbers' BSB and account
 * numbers (issue 18). A database copy, a backup or a log holds only ciphertext; the key lives in
 * configuration (PAYOUT_ENCRYPTION_KEY), never in the database.
 *
 * Stored form: `v1.<iv>.<tag>.<ciphertext>` (base64url). Each value is bound to its context (e.g.
 * `payment-details:<user id>:bsb`) as additional authenticated data, so a ciphertext copied to
 * another plumber's row or another field does not decrypt. The version prefix leaves room for a key
 * rotation (a `v2` key beside `v1`).
 */
export class FieldCipher {
  private readonly key: Buffer;

  constructor(base64Key: string) {
    this.key = Buffer.from(base64Key.trim(), 'base64');
    if (this.key.length !== 32) throw new Error('The field encryption key must be 32 bytes');
  }

  encrypt(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  /** Throws when the value was not encrypted with this key for this context (or was altered). */
  decrypt(stored: string, context: string): string {
    const [version, iv, tag, body] = stored.split('.');
    if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined) throw new Error('Unknown encrypted value format');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
