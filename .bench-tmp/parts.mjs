import 'reflect-metadata';
const dist = '/work/wt-forms/dist/src';
await import(`${dist}/app.module.js`);
const { bookingBody } = await import('/work/wt-forms/bench/lib.mjs');
const { BookingRequestDto } = await import(`${dist}/modules/bookings/dto/booking.dto.js`);
const { inheritedNameErrors, nulTextErrors, createValidationPipe } = await import(`${dist}/common/http/validation.js`);
const { plainToInstance } = await import('class-transformer');
const { validate } = await import('class-validator');
const { bookingProblems, todayIn } = await import(`${dist}/contracts/booking-rules.js`);
const bodies = Array.from({ length: 1000 }, (_, i) => JSON.parse(bookingBody(i, 'bench.example.com')));
const opts = { whitelist: true, forbidNonWhitelisted: true, stopAtFirstError: true, validationError: { target: false, value: false } };
const plain = await import('@nestjs/common');
const vp = new plain.ValidationPipe({ ...opts, transform: true });
const sp = createValidationPipe({ context: { timeZone: 'Australia/Melbourne' } });
async function time(label, fn, n = 20000) {
  for (let i = 0; i < 3000; i++) await fn(i);
  const rounds = [];
  for (let r = 0; r < 5; r++) { const s = process.hrtime.bigint(); for (let i = 0; i < n; i++) await fn(i); rounds.push(Number(process.hrtime.bigint() - s) / n / 1000); }
  rounds.sort((a, b) => a - b);
  console.log(`${label.padEnd(24)} ${rounds[2].toFixed(1)} µs`);
}
const b = (i) => ({ ...bodies[i % 1000] });
await time('copy only', (i) => b(i));
await time('inheritedNameErrors', (i) => inheritedNameErrors(b(i)));
await time('nulTextErrors', (i) => nulTextErrors(b(i)));
await time('bookingProblems', (i) => bookingProblems(b(i), todayIn('Australia/Melbourne')));
await time('plainToInstance', (i) => plainToInstance(BookingRequestDto, b(i)));
const inst = plainToInstance(BookingRequestDto, bodies[0]);
await time('validate', () => validate(inst, opts));
await time('nest ValidationPipe', (i) => vp.transform(b(i), { type: 'body', metatype: BookingRequestDto }));
await time('StrictValidationPipe', (i) => sp.transform(b(i), { type: 'body', metatype: BookingRequestDto }));
