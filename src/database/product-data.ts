import type { DataSource } from 'typeorm';

/** What the modules put in every database: database/ runs it and reads it, without naming a module. */
export interface ProductData {
  /** Inserts the rows the product needs that are missing (e-mail templates, localities). */
  seed(dataSource: DataSource): Promise<void>;
  /** The default wording of every e-mail template: a restore treats edited ones as data to keep. */
  defaultTemplates: ReadonlyArray<{ key: string; subject: string; body: string }>;
}
