import { escapeHtml } from './html.js';
import { COMPANY } from '@relining/contracts/business';

/**
 * The answer to a form posted without JavaScript that has problems: the same messages as the form
 * shows, and the way back to it (the browser keeps what was typed). A refused booking time also
 * lists the next free slots as people read them ('Tuesday 1 December, 9:00 AM AWST'): without
 * JavaScript the form cannot show which times are free, so this page is where the visitor learns
 * what to choose instead.
 */
export function formErrorPage(
  title: string,
  problems: ReadonlyArray<{ message: string }>,
  backTo: string,
  nextSlots?: ReadonlyArray<{ label: string }>,
): string {
  const items = problems.map((problem) => `<li>${escapeHtml(problem.message)}</li>`).join('');
  return plainPage(
    title,
    `<p>Please correct the following and send the form again:</p>
<ul class="problems">${items}</ul>
${nextSlots === undefined ? '' : nextSlotsSection(nextSlots)}<a class="button" href="${escapeHtml(backTo)}">Back to the form</a>`,
  );
}

function nextSlotsSection(nextSlots: ReadonlyArray<{ label: string }>): string {
  if (nextSlots.length === 0) return `<p>We have no free times in the coming weeks. Please call us and we will find one.</p>\n`;
  const items = nextSlots.map((slot) => `<li>${escapeHtml(slot.label)}</li>`).join('');
  return `<h2>The next free times</h2>
<p>Choose one of these on the form:</p>
<ul class="slots">${items}</ul>
`;
}

/** The answer to a page request refused by a rate limit (a 429 a person reads, not JSON). */
export function tooManyRequestsPage(message: string): string {
  return plainPage(
    'Too many requests',
    `<p class="problem">${escapeHtml(message)}</p>
<a class="button" href="/">Back to the home page</a>`,
  );
}

/** A small self-contained page in the site's colours, for answers the front end does not render. */
export function plainPage(title: string, content: string): string {
  return `<!doctype html>
<html lang="en-AU">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} | ${escapeHtml(COMPANY.name)}</title>
<style>
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#0f172a;background:#f8fafc;line-height:1.6}
main{max-width:640px;margin:48px auto;padding:32px;background:#fff;border-radius:14px;box-shadow:0 10px 30px rgb(15 23 42/.12)}
h1{margin-top:0;color:#0b3b66}
h2{font-size:1.15rem;color:#0b3b66}
.problems li,.problem{color:#b91c1c;font-weight:600}
.slots li{font-weight:600}
a.button,button.button{display:inline-block;border:0;font:inherit;cursor:pointer;margin-top:16px;padding:12px 20px;border-radius:10px;background:#c2410c;color:#fff;font-weight:700;text-decoration:none}
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${content}
<p>Prefer to talk? Call us on <a href="${COMPANY.phoneHref}">${escapeHtml(COMPANY.phone)}</a>.</p>
</main>
</body>
</html>`;
}
