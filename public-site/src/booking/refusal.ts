import type { NextSlot } from '@relining/contracts/api/errors';

/**
 * The server's refusal of a booking's date or time (issue 16): 409 SLOT_TAKEN (the last place was just
 * taken) or 400 SLOT_CLOSED (a closed day, or too soon). Nothing was stored; the body lists the next
 * free slots. Small on purpose: the home page loads it with the form.
 */
export const SLOT_REFUSALS = ['SLOT_TAKEN', 'SLOT_CLOSED'] as const;

export type { NextSlot };

/** A refusal as the form shows it: the server's message at its field, and the next free slots to pick. */
export interface Refusal {
  field: 'preferred_date' | 'preferred_time';
  message: string;
  nextSlots: NextSlot[];
}

/** The next free slots a refusal offers (its body's `nextSlots`), only the well-formed ones. */
export function nextSlotsOf(error: unknown): NextSlot[] {
  const slots = (error as { body?: { nextSlots?: unknown } } | null | undefined)?.body?.nextSlots;
  if (!Array.isArray(slots)) return [];
  return slots.filter(
    (slot): slot is NextSlot =>
      typeof slot === 'object' &&
      slot !== null &&
      typeof (slot as NextSlot).date === 'string' &&
      typeof (slot as NextSlot).time === 'string' &&
      typeof (slot as NextSlot).label === 'string',
  );
}

/** A refusal of the chosen date or time (409 SLOT_TAKEN, 400 SLOT_CLOSED). */
export function isSlotRefusal(error: unknown): error is { code: (typeof SLOT_REFUSALS)[number]; message: string } {
  const code = (error as { code?: unknown } | null | undefined)?.code;
  return typeof code === 'string' && (SLOT_REFUSALS as readonly string[]).includes(code);
}
