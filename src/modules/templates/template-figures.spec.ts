import { CLIENT_CONTACT_TIME, COMPANY, FEES, PRINTED_AMOUNTS, WARRANTY } from '@relining/contracts/business';
import { SAMPLE_ORIGIN, sampleValues, TEMPLATE_CATALOGUE, TEMPLATE_KEYS } from './template-catalogue.js';
import { renderEmail } from './template-renderer.js';

const MONEY = /\$\d+(?:,\d{3})*(?:\.\d\d)?(?!\d)/g;

describe('figures in the e-mail templates', () => {
  it.each(TEMPLATE_KEYS)('%s, as previewed, prints only the business constants’ amounts', (key) => {
    const definition = TEMPLATE_CATALOGUE[key];
    const email = renderEmail({
      subject: definition.subject,
      body: definition.body,
      variables: sampleValues(definition, SAMPLE_ORIGIN),
      linkVariables: definition.linkVariables,
    });
    // A figure that arrives in a variable is the record's own (a quote's total in a staff notice), not the template's copy.
    const data: string[] = Object.values(sampleValues(definition, SAMPLE_ORIGIN)).join('\n').match(MONEY) ?? [];
    for (const part of [email.subject, email.text, email.html]) {
      expect((part.match(MONEY) ?? []).filter((amount) => !PRINTED_AMOUNTS.includes(amount) && !data.includes(amount))).toEqual([]);
    }
  });

  it('the defaults print the constants', () => {
    expect(TEMPLATE_CATALOGUE.welcome_plumber.body).toContain(
      `earn ${FEES.cleanView} for every completed Clean & View, plus ${FEES.reline} more if the job becomes a reline: up to ${FEES.max} per referral.`,
    );
    expect(TEMPLATE_CATALOGUE.referral_acknowledgement.body).toContain(`we will contact the client within ${CLIENT_CONTACT_TIME}.`);
    expect(TEMPLATE_CATALOGUE.referral_acknowledgement.body).toContain(`You earn ${FEES.cleanView} when the Clean & View is completed and ${FEES.reline} more`);
    expect(TEMPLATE_CATALOGUE.job_completed.body).toContain(`backed by our ${WARRANTY.guarantee}.`);
    // Every e-mail signed by the team gives the company's phone number.
    const signed = TEMPLATE_KEYS.filter((key) => TEMPLATE_CATALOGUE[key].body.includes('Kind regards'));
    expect(signed.length).toBeGreaterThan(10);
    for (const key of signed) expect({ key, phone: TEMPLATE_CATALOGUE[key].body.includes(COMPANY.phone) }).toEqual({ key, phone: true });
  });

  // With today's constants the defaults keep the words they were written with (spec §9).
  it('with the default values, the wording is unchanged', () => {
    expect(TEMPLATE_CATALOGUE.welcome_plumber.body).toBe(
      'Hi {firstName},\n\nYour account is ready. Refer clients with pipe problems and earn $80 for every completed Clean & View, plus $400 more if the job becomes a reline: up to $480 per referral.\n\nSubmit referrals and follow their status and your rebates in your dashboard:\n{dashboardLink}\n\nKind regards,\nThe Pipe Relining Australia team\n1300 747 354',
    );
    expect(TEMPLATE_CATALOGUE.referral_acknowledgement.body).toBe(
      'Hi {plumberName},\n\nThank you for referring {clientName} in {suburb}. Your referral {refNumber} is with our team, and we will contact the client within 1 business day.\n\nYou earn $80 when the Clean & View is completed and $400 more if the job becomes a reline. Follow its status and your rebates in your dashboard:\n{dashboardLink}\n\nKind regards,\nThe Pipe Relining Australia team\n1300 747 354',
    );
    expect(TEMPLATE_CATALOGUE.job_completed.body).toContain('Your new liner is backed by our 25-year guarantee. Thank you for choosing us.');
  });
});
