import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { SavedView } from '@relining/contracts/api/saved-views';

/** A staff user's named filter and sort for one console list (table saved_views, issue 19). */
@Entity({ name: 'saved_views' })
export class SavedViewRow {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ type: 'text' }) resource!: SavedView['resource'];
  @Column({ type: 'text' }) name!: string;
  @Column({ type: 'jsonb' }) filter!: Record<string, unknown>;
  @Column({ type: 'jsonb', nullable: true }) sort!: SavedView['sort'];
  @Column({ name: 'is_default', type: 'boolean' }) isDefault!: boolean;
  @Column({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
