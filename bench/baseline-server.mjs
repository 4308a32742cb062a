// The API benchmark's baselines: plain node:http + pg, no framework. PORT and DATABASE_URL from the
// environment. Two of them, on different paths of the one server:
//
// - same-SQL (`/api/…`): the SQL the product ran before issue 13 for a booking (locality lookup,
//   insert, two templates read, two e-mails queued, one transaction) and its job-status read;
// - minimal (`/minimal/…`): what a hand-written server would spend: a booking and its two outbox rows
//   written by one INSERT of the booking and one INSERT of both e-mails, in one statement (a
//   data-modifying CTE: atomic without BEGIN/COMMIT round trips), the e-mails rendered by template
//   literals; and one SELECT of a job by its tracking code.
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const json = (response, status, body) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
const read = async (request) => {
  let body = '';
  for await (const chunk of request) body += chunk;
  return JSON.parse(body);
};

async function book(b) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const [name, state, postcode] = [b.suburb.replace(/\s+[A-Z]{2,3}\s+\d{4}$/, ''), null, null];
    await client.query(
      `SELECT id, name, state, postcode FROM localities WHERE lower(name) = lower($1) AND ($2::text IS NULL OR state = $2) AND ($3::text IS NULL OR postcode = $3) LIMIT 20`,
      [name, state, postcode],
    );
    const {
      rows: [row],
    } = await client.query(
      `INSERT INTO bookings (full_name, email, phone, address, suburb, state, postcode, preferred_date, preferred_time, brief_description, how_heard_about_us, idempotency_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING RETURNING id, created_at`,
      [b.name, b.email, b.phone, b.address, b.suburb, state, postcode, b.preferred_date, b.preferred_time, b.message, b.how_heard_about_us ?? null, null],
    );
    for (const [key, to] of [
      ['booking_autoresponse', b.email],
      ['booking_notice', 'info@example.com.au'],
    ]) {
      const {
        rows: [t],
      } = await client.query(`SELECT subject, body FROM email_templates WHERE key = $1`, [key]);
      await client.query(
        `INSERT INTO notifications (dedupe_key, to_address, subject, text_body, html_body, template_key, status, message_id, entity_type, entity_id)
         VALUES ($1, $2, $3, $4, $5, $6, 'preview', $7, 'booking', $8) ON CONFLICT (dedupe_key) DO NOTHING`,
        [`booking:${row.id}:${key}`, to, t.subject, t.body, `<p>${t.body}</p>`, key, `<${row.id}.${key}@baseline>`, row.id],
      );
    }
    await client.query('COMMIT');
    return row.id;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}

const escape = (value) => String(value).replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** One statement: the booking, then both e-mails from its id (ids made here, as a hand-written server would). */
async function bookMinimal(b) {
  const id = crypto.randomUUID();
  const autoresponse = `Hi ${b.name},\n\nThanks for booking a Clean & View on ${b.preferred_date} (${b.preferred_time}) at ${b.address}, ${b.suburb}.`;
  const notice = `New booking from ${b.name} <${b.email}>, ${b.phone}\n${b.address}, ${b.suburb}\n${b.preferred_date} ${b.preferred_time}\n\n${b.message}`;
  await pool.query(
    `WITH booking AS (
       INSERT INTO bookings (id, full_name, email, phone, address, suburb, preferred_date, preferred_time, brief_description, how_heard_about_us)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id
     )
     INSERT INTO notifications (dedupe_key, to_address, subject, text_body, html_body, template_key, status, message_id, entity_type, entity_id)
     SELECT 'booking:' || booking.id || ':' || m.key, m.to_address, m.subject, m.text_body, m.html_body, m.key, 'preview', '<' || booking.id || '.' || m.key || '@minimal>', 'booking', booking.id
     FROM booking, (VALUES ('booking_autoresponse', $3, 'Your Clean & View booking', $11, $12), ('booking_notice', 'info@example.com.au', 'New booking', $13, $14))
       AS m (key, to_address, subject, text_body, html_body)`,
    [
      id,
      b.name,
      b.email,
      b.phone,
      b.address,
      b.suburb,
      b.preferred_date,
      b.preferred_time,
      b.message,
      b.how_heard_about_us ?? null,
      autoresponse,
      `<p>${escape(autoresponse)}</p>`,
      notice,
      `<p>${escape(notice)}</p>`,
    ],
  );
  return id;
}

createServer(async (request, response) => {
  try {
    if (request.method === 'POST' && request.url === '/api/bookings') return json(response, 201, { id: await book(await read(request)) });
    if (request.method === 'POST' && request.url === '/minimal/bookings') return json(response, 201, { id: await bookMinimal(await read(request)) });
    const minimal = /^\/minimal\/job-status\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    if (request.method === 'GET' && minimal) {
      const {
        rows: [job],
      } = await pool.query(`SELECT job_number, customer_name, status, updated_at FROM jobs WHERE tracking_code = $1`, [minimal]);
      if (!job) return json(response, 404, { message: 'Invalid Job ID' });
      return json(response, 200, {
        jobNumber: job.job_number,
        customerFirstName: job.customer_name.split(' ')[0],
        status: job.status,
        updatedAt: job.updated_at,
      });
    }
    const code = /^\/api\/job-status\/([\w-]+)$/.exec(request.url ?? '')?.[1];
    if (request.method !== 'GET' || !code) return json(response, 404, { message: 'Not found' });
    const {
      rows: [job],
    } = await pool.query(
      `SELECT j.job_number AS "jobNumber", j.customer_name AS "customerName", j.status, j.updated_at AS "updatedAt",
              (SELECT json_object_agg(e.status, e.at) FROM (SELECT status, max(created_at) AS at FROM job_status_events WHERE job_id = j.id GROUP BY status) e) AS reached
       FROM jobs j WHERE j.tracking_code = $1`,
      [code],
    );
    if (!job) return json(response, 404, { message: 'Invalid Job ID' });
    json(response, 200, {
      jobNumber: job.jobNumber,
      customerFirstName: job.customerName.split(' ')[0],
      status: job.status,
      updatedAt: job.updatedAt,
      reached: job.reached,
    });
  } catch (error) {
    json(response, 500, { message: error.message });
  }
}).listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
