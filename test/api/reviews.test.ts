import { EMPTY_REVIEWS_CONTENT, type ReviewsContent } from '@relining/contracts/site-content';
import { REVIEW_MESSAGES } from '@relining/contracts/review-rules';
import { IMPORT_MESSAGES, newReviewToken, reviewTokenHash } from '../../src/modules/reviews/review.rules.js';
import { createUser, signIn, type SignedIn } from '../support/accounts.js';
import { eventually } from '../support/eventually.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The site content a page was rendered with (its `<script type="application/json" id="site-content">` block). */
function siteContentOf(html: string): { reviews: ReviewsContent } {
  const match = /<script type="application\/json" id="site-content">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('The page carries no site-content block');
  return JSON.parse(match[1]!) as { reviews: ReviewsContent };
}

/**
 * Reviews (issue 20) on real PostgreSQL: the customer's private link (single use, validated with the
 * form's messages), staff moderation (nothing published without consent), the CSV import, and the
 * rating the pages state, computed from the published reviews only.
 */
describe('reviews', () => {
  let sut: TestApp;
  let admin: SignedIn;
  let n = 0;

  beforeAll(async () => {
    sut = await startTestApp({ env: { RATE_LIMITS: 'off', PUBLIC_SITE_DIR: 'test/fixtures/public-site-rendered' } });
    admin = await signIn(sut, await createUser(sut.dataSource, { email: 'moderator@pipereliningaustralia.com.au', role: 'admin' }));
  });

  afterAll(() => sut.close());

  /** A completed job's review link, as the e-mail would carry it (the token minted here, its hash stored as the minter does). */
  async function reviewLink(address = '8 Harbour Road, Manly NSW 2095'): Promise<{ token: string; jobId: string; jobNumber: string }> {
    n += 1;
    const jobNumber = `JOB-V${200 + n}`;
    const created = await sut
      .http()
      .post('/api/admin/jobs')
      .set(admin.auth)
      .send({ jobNumber, customerName: `Sam Writer${n}`, customerEmail: `sam.writer${n}@example.com.au`, address, status: 'completed', notify: false })
      .expect(201);
    const token = newReviewToken();
    await sut.dataSource.query(`UPDATE review_requests SET token_hash = $2, queued_at = now() WHERE job_id = $1`, [created.body.id, reviewTokenHash(token)]);
    return { token, jobId: created.body.id, jobNumber };
  }

  async function writtenReview(body: Record<string, unknown> = {}): Promise<string> {
    const { token } = await reviewLink();
    const sent = await sut
      .http()
      .post(`/api/reviews/${token}`)
      .send({ rating: 5, text: 'Great work', firstName: 'Sam', suburb: 'Manly', consent: true, ...body })
      .expect(201);
    return sent.body.id as string;
  }

  /** The reviews the home page was rendered with; with the build's own content (no review published) the prerendered file stands. */
  async function pageReviews(): Promise<ReviewsContent> {
    const page = await sut.http().get('/').expect(200);
    if (page.text.includes('Built home page')) return EMPTY_REVIEWS_CONTENT;
    return siteContentOf(page.text).reviews;
  }

  describe('the private link', () => {
    it('answers the form’s starting values, takes the review once, and refuses an unknown link', async () => {
      const { token, jobNumber, jobId } = await reviewLink();
      const invitation = await sut.http().get(`/api/reviews/${token}`).expect(200);
      expect(invitation.body).toEqual({ firstName: 'Sam', suburb: 'Manly', jobNumber });
      expect(invitation.headers['cache-control']).toBe('no-store');

      const unknown = await sut.http().get(`/api/reviews/${newReviewToken()}`).expect(404);
      expect(unknown.body).toMatchObject({ code: 'REVIEW_LINK_UNKNOWN', message: REVIEW_MESSAGES.linkUnknown });
      await sut.http().get('/api/reviews/short').expect(404);

      const sent = await sut
        .http()
        .post(`/api/reviews/${token}`)
        .send({ rating: 4, text: '  Found the tree roots with the camera.  ', firstName: ' Sammy ', suburb: 'Manly', consent: false })
        .expect(201);
      expect(sent.body).toEqual({ id: expect.any(String), rating: 4, consent: false });
      const record = await sut.http().get(`/api/admin/reviews/${sent.body.id}`).set(admin.auth).expect(200);
      expect(record.body).toMatchObject({
        status: 'pending',
        rating: 4,
        text: 'Found the tree roots with the camera.',
        firstName: 'Sammy',
        suburb: 'Manly',
        postcode: '2095',
        area: 'sydney',
        consent: false,
        source: null,
        verified: true,
        jobId,
        jobNumber,
        publishedAt: null,
        reply: null,
      });

      const second = await sut.http().post(`/api/reviews/${token}`).send({ rating: 1, firstName: 'Sam', consent: true }).expect(410);
      expect(second.body).toMatchObject({ code: 'REVIEW_LINK_USED', message: REVIEW_MESSAGES.linkUsed });
      await sut.http().get(`/api/reviews/${token}`).expect(410);
      const [{ count }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM reviews WHERE job_id = $1`, [jobId]);
      expect(count).toBe(1);
      const [entry] = await sut.dataSource.query(`SELECT actor_kind, action FROM audit_log WHERE entity = 'review' AND entity_id = $1`, [sent.body.id]);
      expect(entry).toEqual({ actor_kind: 'public', action: 'create' });
    });

    it('stores one review of two sent at once; the other finds the link used', async () => {
      const { token, jobId } = await reviewLink();
      const answers = await Promise.all([5, 4, 3].map((rating) => sut.http().post(`/api/reviews/${token}`).send({ rating, firstName: 'Sam', consent: true })));
      expect(answers.map((answer) => answer.status).sort()).toEqual([201, 410, 410]);
      const [{ count }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM reviews WHERE job_id = $1`, [jobId]);
      expect(count).toBe(1);
    });

    it('lists every problem with the form’s messages, and keeps the link for a corrected try', async () => {
      const { token } = await reviewLink();
      const refused = await sut
        .http()
        .post(`/api/reviews/${token}`)
        .send({ rating: 6, text: 'x'.repeat(1001), firstName: '  ', suburb: 'y'.repeat(61), consent: 'maybe' })
        .expect(400);
      expect(refused.body).toMatchObject({ code: 'VALIDATION_FAILED', message: REVIEW_MESSAGES.rating });
      expect(refused.body.errors).toEqual([
        { field: 'rating', message: REVIEW_MESSAGES.rating },
        { field: 'text', message: REVIEW_MESSAGES.text },
        { field: 'firstName', message: REVIEW_MESSAGES.firstName },
        { field: 'suburb', message: REVIEW_MESSAGES.suburb },
        { field: 'consent', message: REVIEW_MESSAGES.consent },
      ]);
      const unknownField = await sut.http().post(`/api/reviews/${token}`).send({ rating: 5, firstName: 'Sam', consent: true, status: 'published' }).expect(400);
      expect(unknownField.body.code).toBe('VALIDATION_FAILED');
      await sut.http().get(`/api/reviews/${token}`).expect(200);
    });

    it('takes a plain form post (no JavaScript) and answers with a redirect', async () => {
      const { token, jobId } = await reviewLink();
      const answer = await sut
        .http()
        .post(`/api/reviews/${token}`)
        .type('form')
        .send('rating=5&text=Relined+without+digging&firstName=Kim&suburb=Manly&consent=on&_next=%2Fabout')
        .expect(303);
      expect(answer.headers.location).toBe('/about');
      const [review] = await sut.dataSource.query(`SELECT rating, first_name, consent FROM reviews WHERE job_id = $1`, [jobId]);
      expect(review).toEqual({ rating: 5, first_name: 'Kim', consent: true });
    });
  });

  describe('moderation', () => {
    it('moves pending → published → hidden → published, never publishes without consent, and audits each change', async () => {
      const id = await writtenReview({ rating: 5 });
      const published = await sut.http().post(`/api/admin/reviews/${id}/publish`).set(admin.auth).expect(200);
      expect(published.body).toMatchObject({ id, status: 'published', publishedAt: expect.any(String) });
      const hidden = await sut.http().post(`/api/admin/reviews/${id}/hide`).set(admin.auth).expect(200);
      expect(hidden.body).toMatchObject({ status: 'hidden' });
      const again = await sut
        .http()
        .put(`/api/admin/reviews/${id}`)
        .set(admin.auth)
        .send({ ...hidden.body, status: 'published', rating: 1, firstName: 'Changed' })
        .expect(200);
      expect(again.body).toMatchObject({ status: 'published', rating: 5, firstName: 'Sam' });
      const actions = await sut.dataSource.query(`SELECT action FROM audit_log WHERE entity = 'review' AND entity_id = $1 ORDER BY id`, [id]);
      expect(actions.map((row: { action: string }) => row.action)).toEqual(['create', 'status_changed', 'status_changed', 'status_changed']);

      const withoutConsent = await writtenReview({ consent: false });
      const refused = await sut.http().post(`/api/admin/reviews/${withoutConsent}/publish`).set(admin.auth).expect(400);
      expect(refused.body).toMatchObject({
        message: REVIEW_MESSAGES.publishWithoutConsent,
        errors: [{ field: 'status', message: REVIEW_MESSAGES.publishWithoutConsent }],
      });
      await sut.http().put(`/api/admin/reviews/${withoutConsent}`).set(admin.auth).send({ status: 'published' }).expect(400);
      expect((await sut.http().get(`/api/admin/reviews/${withoutConsent}`).set(admin.auth).expect(200)).body).toMatchObject({
        status: 'pending',
        publishedAt: null,
      });
      // Hidden is always allowed.
      await sut.http().post(`/api/admin/reviews/${withoutConsent}/hide`).set(admin.auth).expect(200);

      const badStatus = await sut.http().put(`/api/admin/reviews/${id}`).set(admin.auth).send({ status: 'deleted' }).expect(400);
      expect(badStatus.body.errors).toEqual([{ field: 'status', message: REVIEW_MESSAGES.status }]);
      await sut.http().post(`/api/admin/reviews/00000000-0000-4000-8000-000000000000/publish`).set(admin.auth).expect(404);
    });

    it('sets, changes and clears the public reply', async () => {
      const id = await writtenReview();
      const replied = await sut.http().put(`/api/admin/reviews/${id}`).set(admin.auth).send({ reply: '  Thanks, Sam!  ' }).expect(200);
      expect(replied.body).toMatchObject({ reply: 'Thanks, Sam!', repliedAt: expect.any(String), status: 'pending' });
      const tooLong = await sut
        .http()
        .put(`/api/admin/reviews/${id}`)
        .set(admin.auth)
        .send({ reply: 'x'.repeat(1001) })
        .expect(400);
      expect(tooLong.body.errors).toEqual([{ field: 'reply', message: REVIEW_MESSAGES.reply }]);
      const cleared = await sut.http().put(`/api/admin/reviews/${id}`).set(admin.auth).send({ reply: '' }).expect(200);
      expect(cleared.body).toMatchObject({ reply: null, repliedAt: null });
    });

    it('changes many at once, all or nothing', async () => {
      const [a, b, noConsent] = [await writtenReview(), await writtenReview(), await writtenReview({ consent: false })];
      const refused = await sut
        .http()
        .post('/api/admin/reviews/bulk-status')
        .set(admin.auth)
        .send({ ids: [a, b, noConsent], status: 'published' })
        .expect(400);
      expect(refused.body.message).toBe(REVIEW_MESSAGES.publishWithoutConsent);
      const statuses = await sut.dataSource.query(`SELECT status FROM reviews WHERE id = ANY($1::uuid[])`, [[a, b, noConsent]]);
      expect(statuses.every((row: { status: string }) => row.status === 'pending')).toBe(true);

      await sut.http().post(`/api/admin/reviews/${b}/hide`).set(admin.auth).expect(200);
      const changed = await sut
        .http()
        .post('/api/admin/reviews/bulk-status')
        .set(admin.auth)
        .send({ ids: [a, b, noConsent], status: 'hidden' })
        .expect(200);
      expect(changed.body).toEqual({ updated: [a, noConsent].sort(), unchanged: [b] });
      await sut.http().post('/api/admin/reviews/bulk-status').set(admin.auth).send({ ids: [], status: 'hidden' }).expect(400);
      await sut
        .http()
        .post('/api/admin/reviews/bulk-status')
        .set(admin.auth)
        .send({ ids: ['00000000-0000-4000-8000-000000000000'], status: 'hidden' })
        .expect(404);
    });

    it('lists reviews newest first with the console’s filters', async () => {
      const { token, jobNumber } = await reviewLink('1 Mall, Hobart TAS 7000');
      await sut.http().post(`/api/reviews/${token}`).send({ rating: 2, text: 'Blocked drain came back', firstName: 'Robin', consent: true }).expect(201);
      const list = await sut
        .http()
        .get('/api/admin/reviews')
        .query({ filter: JSON.stringify({ q: jobNumber }) })
        .set(admin.auth)
        .expect(200);
      expect(list.headers['content-range']).toBe('reviews 0-0/1');
      expect(list.body[0]).toMatchObject({ jobNumber, area: 'hobart', rating: 2 });
      const byArea = await sut
        .http()
        .get('/api/admin/reviews')
        .query({ filter: JSON.stringify({ area: 'hobart', rating: 2, verified: true, status: 'pending' }) })
        .set(admin.auth)
        .expect(200);
      expect(byArea.body.map((row: { jobNumber: string }) => row.jobNumber)).toEqual([jobNumber]);
      const all = await sut.http().get('/api/admin/reviews').set(admin.auth).expect(200);
      const written = all.body.map((row: { writtenAt: string }) => row.writtenAt);
      expect(written).toEqual([...written].sort().reverse());
      await sut
        .http()
        .get('/api/admin/reviews')
        .query({ sort: JSON.stringify(['rating', 'ASC']) })
        .set(admin.auth)
        .expect(200);
      await sut
        .http()
        .get('/api/admin/reviews')
        .query({ filter: JSON.stringify({ area: 'atlantis' }) })
        .set(admin.auth)
        .expect(400);
    });
  });

  describe('the rating the pages state', () => {
    it('is computed from the published reviews only and reaches the rendered page', async () => {
      // Changed behind the server's back (as psql would): the pages follow once the change is heard.
      await sut.dataSource.query(`UPDATE reviews SET status = 'hidden'`);
      const emptied = await eventually(async () => {
        const reviews = await pageReviews();
        return reviews.count === 0 ? reviews : undefined;
      }, 'the pages to count no published review');
      expect(emptied).toMatchObject({ rating: null, count: 0, latest: [], nearby: {} });

      const five = await writtenReview({ rating: 5, text: 'Relined without digging' });
      const four = await writtenReview({ rating: 4 });
      const one = await writtenReview({ rating: 1 });
      // Pending: nothing counts yet.
      expect(await pageReviews()).toMatchObject({ rating: null, count: 0 });

      await sut.http().post(`/api/admin/reviews/${five}/publish`).set(admin.auth).expect(200);
      await sut.http().put(`/api/admin/reviews/${five}`).set(admin.auth).send({ reply: 'Thank you!' }).expect(200);
      expect(await pageReviews()).toMatchObject({ rating: 5, count: 1 });
      await sut.http().post(`/api/admin/reviews/${four}/publish`).set(admin.auth).expect(200);
      await sut.http().post(`/api/admin/reviews/${one}/publish`).set(admin.auth).expect(200);
      const content = await pageReviews();
      // (5 + 4 + 1) / 3 = 3.33…: one decimal.
      expect(content).toMatchObject({ rating: 3.3, count: 3 });
      // Only good ones (4 stars or more) are featured, newest first; the one-star counts but is not shown.
      expect(content.latest.map((review) => review.id)).toEqual([four, five]);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Melbourne' }).format(new Date());
      expect(content.latest[1]).toEqual({
        id: five,
        rating: 5,
        text: 'Relined without digging',
        firstName: 'Sam',
        suburb: 'Manly',
        date: today,
        source: null,
        reply: { text: 'Thank you!', date: today },
      });
      expect(content.nearby.sydney?.map((review) => review.id)).toEqual([four, five]);

      await sut.http().post(`/api/admin/reviews/${one}/hide`).set(admin.auth).expect(200);
      expect(await pageReviews()).toMatchObject({ rating: 4.5, count: 2 });
    });
  });

  describe('CSV import', () => {
    const csv = (rows: string[]) => Buffer.from(['rating,text,name,suburb,postcode,date,source', ...rows].join('\n'));
    const post = (file: Buffer, fields: Record<string, string> = {}) => {
      let request = sut.http().post('/api/admin/reviews/import').set(admin.auth);
      for (const [name, value] of Object.entries(fields)) request = request.field(name, value);
      return request.attach('file', file, { filename: 'reviews.csv', contentType: 'text/csv' });
    };

    it('imports a good file, skips what was imported before, and publishes only when asked', async () => {
      const file = csv([
        '5,"Camera found the roots, relined in a day",Priya,Fitzroy,3065,2025-03-14,Google',
        '4,Fixed the blocked drain,Tom,Subiaco,6008,14/3/2025,',
        '5,"No digging, lawn untouched",Mei,Darwin City,800,2024-12-01,Word of mouth',
      ]);
      const imported = await post(file, { source: 'Google' }).expect(200);
      expect(imported.body).toEqual({ imported: 3, duplicates: 0 });
      const rows = await sut.dataSource.query(
        `SELECT status, rating, first_name, suburb, postcode, area, source, consent, verified, job_id FROM reviews WHERE import_fingerprint IS NOT NULL ORDER BY first_name`,
      );
      expect(rows).toEqual([
        {
          status: 'pending',
          rating: 5,
          first_name: 'Mei',
          suburb: 'Darwin City',
          postcode: '0800',
          area: 'darwin',
          source: 'Word of mouth',
          consent: true,
          verified: false,
          job_id: null,
        },
        {
          status: 'pending',
          rating: 5,
          first_name: 'Priya',
          suburb: 'Fitzroy',
          postcode: '3065',
          area: 'melbourne',
          source: 'Google',
          consent: true,
          verified: false,
          job_id: null,
        },
        {
          status: 'pending',
          rating: 4,
          first_name: 'Tom',
          suburb: 'Subiaco',
          postcode: '6008',
          area: 'perth',
          source: 'Google',
          consent: true,
          verified: false,
          job_id: null,
        },
      ]);
      const list = await sut
        .http()
        .get('/api/admin/reviews')
        .query({ filter: JSON.stringify({ source: 'google', verified: false }) })
        .set(admin.auth)
        .expect(200);
      expect(list.body.map((row: { firstName: string; writtenAt: string }) => [row.firstName, row.writtenAt.slice(0, 10)]).sort()).toEqual([
        ['Priya', '2025-03-14'],
        ['Tom', '2025-03-14'],
      ]);

      const again = await post(file, { source: 'Google', publish: 'true' }).expect(200);
      expect(again.body).toEqual({ imported: 0, duplicates: 3 });
      const published = await post(csv(['5,Quick and tidy,Ava,Glenelg,5045,2025-01-02,Google']), { publish: 'true' }).expect(200);
      expect(published.body).toEqual({ imported: 1, duplicates: 0 });
      const [ava] = await sut.dataSource.query(`SELECT status, published_at FROM reviews WHERE first_name = 'Ava'`);
      expect(ava.status).toBe('published');
      expect(ava.published_at).not.toBeNull();
    });

    it('refuses a file with any bad row, naming each row and field, and imports nothing', async () => {
      const [{ count: before }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM reviews`);
      const refused = await post(
        csv(['5,Good,Lee,Carlton,3053,2025-02-01,Google', 'six,Bad rating,Lee,Carlton,3053,2025-02-01,Google', '5,No source,Jo,Carlton,3053,31/02/2025,']),
      ).expect(400);
      expect(refused.body.errors).toEqual([
        { field: 'row 3 rating', message: REVIEW_MESSAGES.rating },
        { field: 'row 4 date', message: IMPORT_MESSAGES.date },
        { field: 'row 4 source', message: IMPORT_MESSAGES.source },
      ]);
      expect(IMPORT_MESSAGES.source).toBe('Please name where these reviews come from (source)');
      expect(IMPORT_MESSAGES.date).toBe('Please give the date as yyyy-mm-dd or d/m/yyyy');
      const [{ count: after }] = await sut.dataSource.query(`SELECT count(*)::int AS count FROM reviews`);
      expect(after).toBe(before);

      const noHeader = await post(Buffer.from('5,Good,Lee\n')).expect(400);
      expect(noHeader.body.errors).toEqual([{ field: 'file', message: IMPORT_MESSAGES.header }]);
      const noFile = await sut.http().post('/api/admin/reviews/import').set(admin.auth).field('source', 'Google').expect(400);
      expect(noFile.body.errors).toEqual([{ field: 'file', message: IMPORT_MESSAGES.file }]);
      const tooLarge = await post(Buffer.alloc(2 * 1024 * 1024 + 10, 'a')).expect(413);
      expect(tooLarge.body.message).toBe(IMPORT_MESSAGES.tooLarge);
    });
  });
});
