import { randomBytes } from 'node:crypto';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** 26 base32 characters: 130 random bits. */
export function randomBase32(length = 26, random: (size: number) => Buffer = randomBytes): string {
  const bytes = random(length);
  let out = '';
  for (let i = 0; i < length; i += 1) out += BASE32[bytes[i]! & 31];
  return out;
}

/**
 * The tracking code of spec §7 — the chosen status, a hyphen, the job number lower-cased with every
 * non-alphanumeric character removed — followed by a hyphen and 130 random bits, so that links cannot
 * be guessed from a job number. Fixed at creation.
 */
export function newTrackingCode(status: string, jobNumber: string, random?: (size: number) => Buffer): string {
  return `${status}-${jobNumber.toLowerCase().replace(/[^a-z0-9]/g, '')}-${randomBase32(26, random)}`;
}

/** A string that could be a tracking code (cheap check before touching the database). */
export function looksLikeTrackingCode(value: string): boolean {
  return /^[a-z]+-[a-z0-9]*-[a-z2-7]{26}$/.test(value) && value.length <= 300;
}
