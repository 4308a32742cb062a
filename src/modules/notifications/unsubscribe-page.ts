import { UNSUBSCRIBE_MESSAGES } from '@relining/contracts/api/email-preferences';
import { plainPage } from '../../common/http/form-error-page.js';
import { escapeHtml } from '../../common/http/html.js';
import { SUBSCRIBE_AGAIN_LABEL } from './email-preferences.service.js';

/**
 * The unsubscribe pages (issue 20), rendered by the server in the site's look: they must work from
 * any mail program without JavaScript, a sign-in or the site's client code. Nothing is asked before
 * unsubscribing; subscribing again is a plain form post.
 */

/** After unsubscribing: what it means, the address (masked), and the way back. */
export function unsubscribedPage(token: string, maskedEmail: string): string {
  return plainPage(
    'You’re unsubscribed',
    `<p>${escapeHtml(UNSUBSCRIBE_MESSAGES.done)}</p>
<p>Address: <strong>${escapeHtml(maskedEmail)}</strong></p>
<form method="post" action="/unsubscribe/${encodeURIComponent(token)}/resubscribe">
<p>Changed your mind?</p>
<button class="button" type="submit">${escapeHtml(SUBSCRIBE_AGAIN_LABEL)}</button>
</form>`,
  );
}

/** After subscribing again. */
export function resubscribedPage(maskedEmail: string): string {
  return plainPage(
    'You’re subscribed again',
    `<p>${escapeHtml(UNSUBSCRIBE_MESSAGES.resubscribed)}</p>
<p>Address: <strong>${escapeHtml(maskedEmail)}</strong></p>
<a class="button" href="/">Back to the home page</a>`,
  );
}

/** A token we never made (or mistyped): how to unsubscribe anyway. */
export function unknownTokenPage(): string {
  return plainPage(
    'Unsubscribe link not valid',
    `<p class="problem">${escapeHtml(UNSUBSCRIBE_MESSAGES.unknown)}</p>
<a class="button" href="/">Back to the home page</a>`,
  );
}
