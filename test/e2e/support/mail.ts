import { expect, type APIRequestContext } from '@playwright/test';
import { E2E_MAIL_URL } from '../../../playwright.config.js';

export interface DeliveredMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Waits for an e-mail to `to` whose subject matches, as delivered to the test server's SMTP peer. */
export async function waitForMail(request: APIRequestContext, to: string, subject: RegExp | string): Promise<DeliveredMail> {
  let found: DeliveredMail | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await request.get(E2E_MAIL_URL)).json()) as DeliveredMail[];
        found = messages.find((mail) => mail.to.includes(to) && (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

export function linkIn(mail: DeliveredMail, path: string): string {
  const match = new RegExp(`https?://[^\\s]+${path.replace(/[/?]/g, '\\$&')}[^\\s]*`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in "${mail.subject}"`);
  return match[0];
}
