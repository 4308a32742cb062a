import { DataSource } from 'typeorm';
import { ids, search, equals, onOrAfter } from '../../src/common/react-admin/list-filters.js';
import { applyListQuery, contentRange, defineListSpec, parseListParams } from '../../src/common/react-admin/list-query.js';
import { Notification } from '../../src/modules/notifications/notification.entity.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

/** The react-admin list protocol applied to a real table (the outbox) on PostgreSQL. */
const spec = defineListSpec({
  resource: 'notifications',
  idColumn: 'n.id',
  sortable: { createdAt: 'n.created_at', to: 'n.to_address', status: 'n.status' },
  defaultSort: ['createdAt', 'DESC'],
  filters: {
    q: search(['n.to_address', 'n.subject']),
    status: equals('n.status', ['queued', 'sent', 'preview', 'failed', 'dead']),
    createdAtGte: onOrAfter('n.created_at'),
    id: ids('n.id'),
  },
  defaultPageSize: 10,
  maxPageSize: 100,
});

async function list(dataSource: DataSource, params: Record<string, string>) {
  const parsed = parseListParams(params, spec);
  const query = applyListQuery(dataSource.getRepository(Notification).createQueryBuilder('n'), parsed, spec);
  const [rows, total] = await query.getManyAndCount();
  return { rows, total, range: contentRange(spec.resource, parsed.offset, rows.length, total) };
}

describe('react-admin list protocol on PostgreSQL', () => {
  let sut: TestApp;

  beforeAll(async () => {
    sut = await startTestApp();
    await sut.dataSource.query(`
      INSERT INTO notifications (dedupe_key, to_address, subject, text_body, html_body, status, message_id, created_at)
      SELECT 'k' || i, 'person' || i || '@example.com.au', CASE WHEN i % 3 = 0 THEN 'Quote 50% off' ELSE 'Booked' END, 't', 'h',
             CASE WHEN i % 2 = 0 THEN 'sent' ELSE 'dead' END, '<' || i || '@x>', now() - i * interval '1 minute'
      FROM generate_series(1, 25) AS i`);
  });

  afterAll(() => sut.close());

  it('pages with a total and a Content-Range', async () => {
    const page = await list(sut.dataSource, { range: '[10,19]' });
    expect(page.rows).toHaveLength(10);
    expect(page.total).toBe(25);
    expect(page.range).toBe('notifications 10-19/25');
  });

  it('sorts by an allowed field in either direction', async () => {
    const ascending = await list(sut.dataSource, { sort: '["to","ASC"]', range: '[0,2]' });
    expect(ascending.rows.map((row) => row.to)).toEqual(['person1@example.com.au', 'person10@example.com.au', 'person11@example.com.au']);
    const descending = await list(sut.dataSource, { sort: '["to","DESC"]', range: '[0,1]' });
    expect(descending.rows.map((row) => row.to)).toEqual(['person9@example.com.au', 'person8@example.com.au']);
  });

  it('never repeats or skips a row across pages when the sort value ties', async () => {
    const seen: string[] = [];
    for (let start = 0; start < 25; start += 4) {
      const page = await list(sut.dataSource, { sort: '["status","ASC"]', range: `[${start},${start + 3}]` });
      seen.push(...page.rows.map((row) => row.id));
    }
    expect(new Set(seen).size).toBe(25);
  });

  it('filters by an allowed value and by free text, escaping wildcards', async () => {
    const dead = await list(sut.dataSource, { filter: '{"status":"dead"}', range: '[0,99]' });
    expect(dead.total).toBe(13);
    const percent = await list(sut.dataSource, { filter: '{"q":"50%"}', range: '[0,99]' });
    expect(percent.total).toBe(8);
    expect(percent.rows.every((row) => row.subject.includes('50%'))).toBe(true);
    const both = await list(sut.dataSource, { filter: '{"q":"person1 quote"}', range: '[0,99]' });
    expect(both.rows.map((row) => row.to).sort()).toEqual(['person12@example.com.au', 'person15@example.com.au', 'person18@example.com.au']);
  });

  it('serves getMany with filter.id', async () => {
    const [first, second] = (await list(sut.dataSource, { range: '[0,1]' })).rows;
    const many = await list(sut.dataSource, { filter: JSON.stringify({ id: [first!.id, second!.id, 'not-a-uuid'] }) });
    expect(many.rows.map((row) => row.id).sort()).toEqual([first!.id, second!.id].sort());
  });

  it('answers an empty page with */total', async () => {
    const page = await list(sut.dataSource, { filter: '{"q":"nobody-matches"}' });
    expect(page.range).toBe('notifications */0');
  });
});
