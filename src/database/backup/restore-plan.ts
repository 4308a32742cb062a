/**
 * How a restore brings the target database's schema to the backup's migration before loading rows.
 * Migrations are a list applied in order, so versions compare as prefixes of the code's list.
 */
export type SchemaPlan =
  | { action: 'refuse'; reason: string }
  /** Run these migrations (the target is empty or older than the backup). */
  | { action: 'apply'; migrations: string[] }
  /** Revert this many migrations, newest first (the target is newer than the backup). */
  | { action: 'revert'; count: number; migrations: string[] };

function isPrefix(prefix: readonly string[], list: readonly string[]): boolean {
  return prefix.length <= list.length && prefix.every((name, index) => list[index] === name);
}

function last(list: readonly string[]): string {
  return list.at(-1) ?? '(none)';
}

/**
 * @param backup the migrations recorded in the backup
 * @param target the migrations applied to the target database (undefined: it has no schema yet)
 * @param code the migrations this version of the product knows, in order
 */
export function planSchema(backup: readonly string[], target: readonly string[] | undefined, code: readonly string[]): SchemaPlan {
  if (!isPrefix(backup, code)) {
    const unknown = backup.filter((name) => !code.includes(name));
    return unknown.length > 0
      ? {
          action: 'refuse',
          reason:
            `This backup comes from a newer version of the product: its schema is at migration ${last(backup)}, which this version does not know ` +
            `(it knows up to ${last(code)}). Restore it with that version or a newer one.`,
        }
      : { action: 'refuse', reason: `This backup's migrations (${backup.join(', ')}) do not follow this version's order; it cannot be restored here.` };
  }
  const applied = target ?? [];
  if (!isPrefix(applied, code)) {
    return {
      action: 'refuse',
      reason: `The target database was migrated by a newer or different version of the product (last migration ${last(applied)}); restore with that version.`,
    };
  }
  if (isPrefix(applied, backup)) return { action: 'apply', migrations: backup.slice(applied.length) };
  // The target is ahead of the backup (both on the code's line): undo its newer migrations.
  return { action: 'revert', count: applied.length - backup.length, migrations: applied.slice(backup.length).reverse() };
}

/** Tables the product fills by itself (migrations, seeds, triggers, the daily schedule): rows there are not anyone's data. */
export const SELF_FILLED_TABLES = new Set([
  'migrations',
  'localities',
  'scheduled_runs',
  'referral_totals',
  'referral_referrer_totals',
  'booking_status_totals',
  'table_versions',
  'typeorm_metadata',
]);

export interface TargetContents {
  /** Row counts of the target's tables (self-filled tables included; they are ignored). */
  rows: Record<string, number>;
  /** E-mail templates whose wording differs from the seeded defaults (seeded, unedited ones are not data). */
  editedTemplates: number;
  /** Uploaded files that the restore would replace (0 when the backup leaves the uploads folder alone). */
  uploadedFiles: number;
}

/** What a restore would replace, one line per kind of data; empty when the target holds nobody's data. */
export function whatWouldBeReplaced(contents: TargetContents): string[] {
  const lines: string[] = [];
  for (const [table, rows] of Object.entries(contents.rows).sort(([a], [b]) => a.localeCompare(b))) {
    if (SELF_FILLED_TABLES.has(table) || table === 'email_templates' || rows === 0) continue;
    lines.push(`${table}: ${rows} row${rows === 1 ? '' : 's'}`);
  }
  if (contents.editedTemplates > 0) lines.push(`email_templates: ${contents.editedTemplates} edited template${contents.editedTemplates === 1 ? '' : 's'}`);
  if (contents.uploadedFiles > 0) lines.push(`uploaded files: ${contents.uploadedFiles}`);
  return lines;
}
