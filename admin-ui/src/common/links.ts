/**
 * mailto: links built with encoding, so nothing in an address can add a subject, body, recipient or
 * anything else to the link (another check keeps such addresses out). tel: links: PhoneLink, from
 * the contracts' telHref (digits and a leading plus only).
 */

/** mailto:alex%2Bjobs@example.com.au — every character percent-encoded but the '@' and RFC 3986's unreserved ones. */
export function mailtoHref(address: string): string {
  return `mailto:${encodeURIComponent(address.trim()).replace(/%40/g, '@')}`;
}
