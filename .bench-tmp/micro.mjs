// Cost of reading and validating one booking body: the old hand path vs the pipeline.
import 'reflect-metadata';
const dist = process.argv[2] ?? '/work/wt-forms/dist/src';
await import(`${dist}/app.module.js`); // every DTO of the app loaded, as in production
const { readFields } = await import(`${dist}/common/http/form-body.js`);
const { bookingProblems, todayIn } = await import(`${dist}/contracts/booking-rules.js`);
const { bookingBody } = await import('/work/wt-forms/bench/lib.mjs');
const { FormBodyPipe, receiveForm } = await import(`${dist}/common/http/form-body.decorator.js`);
const { BookingRequestDto } = await import(`${dist}/modules/bookings/dto/booking.dto.js`);
const { createValidationPipe } = await import(`${dist}/common/http/validation.js`);

const KNOWN = new Set(['name', 'email', 'phone', 'suburb', 'address', 'preferred_date', 'preferred_time', 'how_heard_about_us', 'message', '_gotcha', 'state', 'postcode', 'subject', '_next', 'idempotency_key']);
const bodies = Array.from({ length: 1000 }, (_, i) => JSON.parse(bookingBody(i, 'bench.example.com')));
const req = (i) => ({ headers: { 'content-type': 'application/json', accept: 'application/json' }, body: bodies[i % bodies.length] });

async function old(i) {
  const fields = await readFields(req(i));
  const unknown = Object.keys(fields).filter((k) => !KNOWN.has(k));
  if (unknown.length) throw new Error('unknown');
  const problems = bookingProblems(fields, todayIn('Australia/Melbourne'));
  if (problems.length) throw new Error(JSON.stringify(problems));
  return fields;
}
const pipe = new FormBodyPipe({ tzDisplay: 'Australia/Melbourne' });
const global = createValidationPipe({ context: { timeZone: 'Australia/Melbourne' } });
const meta = { type: 'custom', metatype: BookingRequestDto, data: { formPostUnknownFields: 'ignore' } };
async function pipeline(i) {
  const received = await global.transform(await receiveForm(req(i)), meta);
  return pipe.transform(received, meta);
}

async function time(label, fn, n) {
  for (let i = 0; i < 5000; i++) await fn(i); // warm up
  const rounds = [];
  for (let r = 0; r < 5; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await fn(i);
    rounds.push(Number(process.hrtime.bigint() - start) / n / 1000);
  }
  rounds.sort((a, b) => a - b);
  console.log(`${label.padEnd(10)} median ${rounds[2].toFixed(1)} µs per body (rounds ${rounds.map((x) => x.toFixed(1)).join(', ')})`);
  return rounds[2];
}
const a = await time('old', old, 20000);
const b = await time('pipeline', pipeline, 20000);
console.log(`difference ${(b - a).toFixed(1)} µs per booking`);
