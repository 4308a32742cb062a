/**
 * mailto: and tel: links built with encoding, so nothing in an address or a number can add a
 * subject, body, recipient or anything else to the link (another check keeps such addresses out).
 */

/** mailto:alex%2Bjobs@example.com.au — every character percent-encoded but the '@' and RFC 3986's unreserved ones. */
export function mailtoHref(address: string): string {
  return `mailto:${encodeURIComponent(address.trim()).replace(/%40/g, '@')}`;
}

/** tel: with the number's digits and a leading plus only, encoded. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '').replace(/(?!^)\+/g, '');
  // Only digits and a leading '+' are left: nothing to escape, but encode anyway so a change above cannot let one through.
  return `tel:${encodeURIComponent(digits).replace(/^%2B/, '+')}`;
}
