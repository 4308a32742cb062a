/** spec §5 Email template form: the subject and the body are required; text of only whitespace is empty. */
export const TEMPLATE_MESSAGES = {
  subjectRequired: 'Subject is required',
  bodyRequired: 'Email body is required',
} as const;

export type TemplatePartName = 'subject' | 'body';

/** True for anything but text with at least one character that is not whitespace (spaces, tabs, line breaks, no-break spaces…). */
export function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim() === '';
}

/** The message for a blank part, the same in the console and on the server. */
export function requiredMessage(part: TemplatePartName): string {
  return part === 'subject' ? TEMPLATE_MESSAGES.subjectRequired : TEMPLATE_MESSAGES.bodyRequired;
}

/** The form's own check (the console runs it before saving; the server runs it again). */
export function templateFormProblems(form: { subject?: unknown; body?: unknown }): Partial<Record<TemplatePartName, string>> {
  const problems: Partial<Record<TemplatePartName, string>> = {};
  if (isBlank(form.subject)) problems.subject = TEMPLATE_MESSAGES.subjectRequired;
  if (isBlank(form.body)) problems.body = TEMPLATE_MESSAGES.bodyRequired;
  return problems;
}
