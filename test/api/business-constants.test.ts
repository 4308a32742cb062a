import { CLIENT_CONTACT_TIME, FEES, REFERRAL_FEE_CENTS, REFERRAL_FEE_DOLLARS } from '@relining/contracts/business';
import { TEMPLATE_CATALOGUE } from '../../src/modules/templates/template-catalogue.js';
import { seedEmailTemplates } from '../../src/modules/templates/templates.seed.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * The business constants (packages/contracts/src/business.ts) are the one source of the fees: what a new
 * referral stores, what the API and the staff figures report and what the e-mails print agree, and
 * no environment variable sets them any more (docs/adr/0024-business-constants.md).
 */
describe('business constants: one source for figures, e-mails and stored templates', () => {
  let sut: TestApp;
  let admin: SignedIn;

  beforeAll(async () => {
    // The variables that once set the amounts: a deployment that still has them gets the build's figures everywhere.
    sut = await startTestApp({ env: { RATE_LIMITS: 'off', REBATE_CLEANVIEW_DOLLARS: '100', REBATE_RELINE_DOLLARS: '450' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'figures@example.com.au', role: 'admin' }));
  });

  afterAll(() => sut.close());

  it('a new referral stores, reports and e-mails the fees of the business constants, whatever the environment says', async () => {
    const created = await sut
      .http()
      .post('/api/referrals/quick')
      .set('accept', 'application/json')
      .send({
        plumberName: 'Fay Figures',
        plumberCompany: 'Figures Plumbing',
        plumberPhone: '0400 121 212',
        plumberEmail: 'fay@figures.com.au',
        clientName: 'Chris Client',
        jobAddress: '4 Elm Street',
        suburb: 'Toowong',
        clientPhone: '0400 999 000',
        urgency: 'medium',
        description: 'Recurring blockage in the sewer line',
      })
      .expect(201);
    const id = created.body.id as string;

    const [row] = await sut.dataSource.query(`SELECT cleanview_rebate_amount_cents AS cv, reline_rebate_amount_cents AS rl FROM referrals WHERE id = $1`, [id]);
    expect(row).toEqual({ cv: REFERRAL_FEE_CENTS.cleanView, rl: REFERRAL_FEE_CENTS.reline });

    const detail = (await sut.http().get(`/api/admin/referrals/${id}`).set(admin.auth).expect(200)).body;
    expect(detail).toMatchObject({ cleanviewRebateAmount: REFERRAL_FEE_DOLLARS.cleanView, relineRebateAmount: REFERRAL_FEE_DOLLARS.reline });
    // Nothing is pending until a milestone earns it; then the ledger holds the fees of the business constants.
    expect((await sut.http().get('/api/admin/referrals/stats').set(admin.auth).expect(200)).body.rebates.pending).toBe(0);
    for (const status of ['cleanview_completed', 'reline_completed']) {
      await sut.http().put(`/api/admin/referrals/${id}`).set(admin.auth).send({ status }).expect(200);
    }
    const stats = (await sut.http().get('/api/admin/referrals/stats').set(admin.auth).expect(200)).body;
    expect(stats.rebates.pending).toBe(REFERRAL_FEE_DOLLARS.cleanView + REFERRAL_FEE_DOLLARS.reline);
    const amounts = await sut.dataSource.query(`SELECT kind, amount_cents AS cents FROM rebate_entries WHERE referral_id = $1 ORDER BY kind`, [id]);
    expect(amounts).toEqual([
      { kind: 'cleanview', cents: REFERRAL_FEE_CENTS.cleanView },
      { kind: 'reline', cents: REFERRAL_FEE_CENTS.reline },
    ]);

    const [acknowledgement] = await sut.dataSource.query(
      `SELECT text_body FROM notifications WHERE entity_id = $1 AND template_key = 'referral_acknowledgement'`,
      [id],
    );
    expect(acknowledgement.text_body).toContain(`within ${CLIENT_CONTACT_TIME}`);
    expect(acknowledgement.text_body).toContain(
      `You earn ${FEES.cleanView} when the Clean & View is completed and ${FEES.reline} more if the job becomes a reline.`,
    );
  });

  describe('stored templates follow their default until staff change them', () => {
    const seed = () => seedEmailTemplates(sut.dataSource.manager);
    const stored = async (key: string) =>
      (
        await sut.dataSource.query(`SELECT subject, body, default_digest AS digest, updated_at AS "updatedAt" FROM email_templates WHERE key = $1`, [key])
      )[0] as {
        subject: string;
        body: string;
        digest: string | null;
        updatedAt: Date;
      };
    /** A row as an older build's seed left it: its wording, and the digest of that wording. */
    const seededEarlier = (key: string, subject: string, body: string) =>
      sut.dataSource.query(
        `UPDATE email_templates SET subject = $2, body = $3, default_digest = md5(length($2)::text || ':' || $2 || $3), updated_at = now() - interval '30 days' WHERE key = $1`,
        [key, subject, body],
      );
    const defaultOf = (key: keyof typeof TEMPLATE_CATALOGUE) => ({ subject: TEMPLATE_CATALOGUE[key].subject, body: TEMPLATE_CATALOGUE[key].body });

    it('every stored template holds its default and knows it', async () => {
      const rows = await sut.dataSource.query(`SELECT key, subject, body, default_digest AS digest FROM email_templates`);
      expect(rows.length).toBe(Object.keys(TEMPLATE_CATALOGUE).length);
      for (const row of rows) {
        expect(row).toEqual({ key: row.key, ...defaultOf(row.key), digest: expect.stringMatching(/^[0-9a-f]{32}$/) });
      }
    });

    it('a copy seeded with older figures takes the new default at the next start', async () => {
      const welcome = defaultOf('welcome_plumber');
      await seededEarlier('welcome_plumber', welcome.subject, welcome.body.replace(FEES.cleanView, '$70').replace(FEES.max, '$470'));
      const before = await stored('welcome_plumber');
      expect(before.body).toContain('$70');

      await seed();
      const after = await stored('welcome_plumber');
      expect({ subject: after.subject, body: after.body }).toEqual(welcome);
      expect(after.digest).not.toBe(before.digest);
      expect(after.updatedAt.getTime()).toBeGreaterThan(before.updatedAt.getTime());

      // Nothing left to bring up to date: a start writes nothing.
      await seed();
      expect(await stored('welcome_plumber')).toEqual(after);
    });

    it('a copy staff saved keeps their words, whatever the default becomes', async () => {
      const acknowledgement = defaultOf('referral_acknowledgement');
      await seededEarlier('referral_acknowledgement', acknowledgement.subject, acknowledgement.body.replace(FEES.cleanView, '$70'));
      const own = { subject: 'Thanks for {refNumber}', body: 'Hi {plumberName}, we have {clientName} in {suburb}. {dashboardLink}' };
      await sut.http().put('/api/admin/email-templates/referral_acknowledgement').set(admin.auth).send(own).expect(200);
      const saved = await stored('referral_acknowledgement');

      await seed();
      expect(await stored('referral_acknowledgement')).toEqual(saved);
      expect(saved).toMatchObject(own);
    });

    it('a copy stored before templates knew their default is adopted only if it holds today’s default', async () => {
      const quote = defaultOf('quote_sent');
      await sut.dataSource.query(`UPDATE email_templates SET subject = $2, body = $3, default_digest = NULL WHERE key = $1`, [
        'quote_sent',
        quote.subject,
        quote.body,
      ]);
      await sut.dataSource.query(`UPDATE email_templates SET subject = 'Our own words', default_digest = NULL WHERE key = 'job_completed'`);
      const ownWords = await stored('job_completed');

      await seed();
      expect(await stored('quote_sent')).toMatchObject({ ...quote, digest: expect.stringMatching(/^[0-9a-f]{32}$/) });
      expect(await stored('job_completed')).toEqual(ownWords);
    });
  });
});
