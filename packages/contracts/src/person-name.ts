/** How e-mails greet someone: the first word of their name, or 'there' when there is none. */
export function firstName(fullName: string | null | undefined): string {
  const first = fullName?.trim().split(/\s+/)[0];
  return first || 'there';
}
