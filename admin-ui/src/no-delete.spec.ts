import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * No staff action may end in a refused request (a raw 'Cannot DELETE' / 404 toast). The API deletes
 * nothing: records are archived (jobs, enquiries) or changed by their own actions. react-admin offers
 * Delete by default in three places — a form's toolbar, a list's bulk actions, and DeleteButton — so
 * every console view must opt out of each.
 */
const root = path.dirname(fileURLToPath(import.meta.url));
const sources = (readdirSync(root, { recursive: true }) as string[])
  .filter((file) => file.endsWith('.tsx'))
  .map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }));

/** Each JSX opening tag `<Name …>` (attributes may span lines and hold braces). */
function openingTags(text: string, name: string): string[] {
  const tags: string[] = [];
  const pattern = new RegExp(`<${name}(?=[\\s>/])`, 'g');
  for (const match of text.matchAll(pattern)) {
    let depth = 0;
    let end = match.index!;
    for (; end < text.length; end += 1) {
      const char = text[end];
      if (char === '{') depth += 1;
      else if (char === '}') depth -= 1;
      else if (char === '>' && depth === 0) break;
    }
    tags.push(text.slice(match.index!, end + 1));
  }
  return tags;
}

/**
 * The DELETE requests the API does serve, each in the one file that sends it: 'Stop feed' ends the
 * staff member's own calendar feed link (DELETE /api/admin/calendar-feed, contracts/api/appointments.ts),
 * which retires a secret link, not a record; removing a photo from a job's report (DELETE
 * /api/admin/jobs/:id/photos/:photoId, refused for a photo the published report shows) takes back a
 * wrong upload the customer never saw; 'Cancel run' (DELETE /api/admin/payout-runs/:id, a draft
 * only) keeps the run as cancelled and answers it, its rebates back in the ledger.
 */
const SERVED_DELETES: Record<string, RegExp> = {
  [path.join('calendar', 'CalendarFeedCard.tsx')]: /session\.call<CalendarFeed>\(FEED_PATH, \{ method: 'DELETE' \}\)/g,
  [path.join('jobs', 'inspection', 'JobPhotos.tsx')]: /session\.call\(`\$\{jobPath\(jobId\)\}\/photos\/\$\{photo\.id\}`, \{ method: 'DELETE' \}\)/g,
  [path.join('payout-runs', 'PayoutRunActions.tsx')]: /session\.call<PayoutRunDetail>\(path, \{ method: 'DELETE' \}\)/g,
  // A saved view is the person's own filter, not a business record: forgetting it loses nothing.
  [path.join('common', 'SavedViewsMenu.tsx')]: /session\.call<SavedView>\(viewPath\(view\.id\), \{ method: 'DELETE' \}\)/g,
};

function withoutServedDeletes(file: string, text: string): string {
  const served = SERVED_DELETES[file];
  return served ? text.replace(served, '') : text;
}

describe('the console offers no Delete', () => {
  it('finds the console sources', () => {
    expect(sources.length).toBeGreaterThan(20);
  });

  it('finds each served DELETE where it is allowed, and only once', () => {
    for (const [file, served] of Object.entries(SERVED_DELETES)) {
      const { text } = sources.find((source) => source.file === file)!;
      expect(text.match(served)).toHaveLength(1);
    }
  });

  it.each(sources.map(({ file }) => [file]))('%s uses no delete button, hook or data provider call', (file) => {
    const { text } = sources.find((source) => source.file === file)!;
    expect(text).not.toMatch(/\b(DeleteButton|BulkDeleteButton|DeleteWithConfirmButton|DeleteWithUndoButton|useDelete|useDeleteMany)\b/);
    expect(withoutServedDeletes(file, text)).not.toMatch(/method:\s*'DELETE'/);
    expect(text).not.toMatch(/\.delete(Many)?\(/);
  });

  // A list may offer bulk actions of its own (the ledger's 'Pay in a new run'); the buttons it names
  // are console sources too, held to the rule above.
  it('every list turns off bulk actions (whose default is Delete) or names its own', () => {
    const grids = sources.flatMap(({ file, text }) => ['Datagrid', 'DataTable'].flatMap((name) => openingTags(text, name).map((tag) => ({ file, tag }))));
    expect(grids.length).toBeGreaterThan(0);
    for (const { file, tag } of grids) expect(`${file}: ${tag}`).toMatch(/bulkActionButtons=\{(false|<[A-Z]\w*(\s[^<>]*)?\/>)\}/);
  });

  it('every form names its own toolbar (the default has Delete)', () => {
    const forms = sources.flatMap(({ file, text }) => ['SimpleForm', 'TabbedForm'].flatMap((name) => openingTags(text, name).map((tag) => ({ file, tag }))));
    expect(forms.length).toBeGreaterThan(0);
    for (const { file, tag } of forms) expect(`${file}: ${tag}`).toMatch(/toolbar=\{/);
  });
});
