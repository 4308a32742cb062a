/**
 * A locality as people read it: 'Parramatta NSW 2150', 'Parramatta NSW', 'Richmond'. Suburb, state
 * and postcode are stored apart (bookings, referrals); every page, list and e-mail shows them so.
 */
export function placeLabel(place: { suburb: string; state?: string | null; postcode?: string | null }): string {
  return [place.suburb, place.state, place.postcode].filter((part) => typeof part === 'string' && part.trim() !== '').join(' ');
}
