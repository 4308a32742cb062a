import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { DomainEvents } from '../../src/common/events/domain-events.js';
import { BookingCreated } from '../../src/modules/bookings/booking.events.js';
import { slotSequence } from '../support/booking-slots.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/**
 * Events inside the transaction (issue 13, item 2): what reacts to a booking commits or rolls back
 * with it. A handler of another module writes in the booking's transaction; when one fails, the
 * booking and its e-mails never existed.
 */
let failNext = false;

@Injectable()
class ProbeHandler implements OnModuleInit {
  constructor(private readonly events: DomainEvents) {}

  onModuleInit(): void {
    this.events.on(BookingCreated, async ({ booking }: BookingCreated, manager: EntityManager) => {
      // Sees the uncommitted booking through the same transaction.
      const [row] = await manager.query(`SELECT full_name FROM bookings WHERE id = $1`, [booking.id]);
      if (row?.full_name !== booking.fullName) throw new Error('the handler did not see the booking in its transaction');
      if (failNext) throw new Error('probe handler failed');
    });
  }
}

@Module({ providers: [ProbeHandler] })
class ProbeModule {}

// Each booking its own free slot (issue 16: a slot takes two visits).
const slots = slotSequence();

describe('domain events run inside the transaction that raised them', () => {
  let sut: TestApp;
  const count = async (sql: string) => (await sut.dataSource.query(sql))[0].count as number;
  const booking = (name: string) => ({
    name,
    email: 'events@example.com.au',
    phone: '0400 123 456',
    suburb: 'Richmond VIC 3121',
    address: '12 Station Street',
    ...slots.next(),
    message: 'Blocked drain',
  });

  beforeAll(async () => {
    sut = await startTestApp({ extraModules: [ProbeModule], env: { RATE_LIMITS: 'off' } });
  });

  afterAll(() => sut.close());

  it('commits the booking, its two e-mails and what handlers did together', async () => {
    failNext = false;
    const created = await sut.http().post('/api/bookings').send(booking('Evan Events')).expect(201);
    expect(await count(`SELECT count(*)::int AS count FROM notifications WHERE entity_id = '${created.body.id}'`)).toBe(2);
  });

  it('stores nothing (no booking, no e-mail) when any handler fails', async () => {
    failNext = true;
    const before = {
      bookings: await count(`SELECT count(*)::int AS count FROM bookings`),
      mails: await count(`SELECT count(*)::int AS count FROM notifications`),
      places: await count(`SELECT count(*)::int AS count FROM booking_slots`),
    };
    const response = await sut.http().post('/api/bookings').send(booking('Fay Failure'));
    expect(response.status).toBe(500);
    expect(response.body).toMatchObject({ statusCode: 500, correlationId: expect.any(String) });
    expect(await count(`SELECT count(*)::int AS count FROM bookings`)).toBe(before.bookings);
    expect(await count(`SELECT count(*)::int AS count FROM notifications`)).toBe(before.mails);
    // Nor its place in the slot (issue 16's handler ran in the same transaction).
    expect(await count(`SELECT count(*)::int AS count FROM booking_slots`)).toBe(before.places);
    failNext = false;
  });
});
