import { Injectable, type OnModuleInit } from '@nestjs/common';
import type { SiteSlotChange, SiteSlotRecord } from '@relining/contracts/api/media';
import { pairWordsProblems } from '@relining/contracts/media-rules';
import {
  DEFAULT_PAIRS,
  GALLERY_SLOT_KEYS,
  IMAGE_SLOT_KEYS,
  IMAGE_SLOTS,
  MEDIA_MESSAGES,
  PAIR_SLOT_KEYS,
  type PublishedImage,
  type SiteContent,
} from '@relining/contracts/site-content';
import { DomainError } from '../../common/errors/domain-error.js';
import { defineMemoryListSpec } from '../../common/react-admin/list-query.js';
import { PublicSiteContent } from '../../common/http/public-site-content.js';
import { TableCache, TableChanges } from '../../database/table-changes.js';
import { ReviewsService } from '../reviews/reviews.service.js';
import { SettingsService } from '../settings/settings.service.js';
import type { MediaImage } from './media-image.entity.js';
import { MediaRepository, type SlotRow } from './media.repository.js';
import { slotLabel } from './slot-labels.js';

interface SlotDefinition {
  key: string;
  kind: SiteSlotRecord['kind'];
  page: string;
}

/** Every slot, in the order the console lists them: page by page, as the pages show them. */
export const SLOT_DEFINITIONS: readonly SlotDefinition[] = [
  ...IMAGE_SLOT_KEYS.filter((key) => key === 'home.hero').map((key) => ({ key, kind: 'image' as const, page: IMAGE_SLOTS[key].page })),
  ...PAIR_SLOT_KEYS.map((key) => ({ key, kind: 'pair' as const, page: '/' })),
  ...IMAGE_SLOT_KEYS.filter((key) => key !== 'home.hero').map((key) => ({ key, kind: 'image' as const, page: IMAGE_SLOTS[key].page })),
  ...GALLERY_SLOT_KEYS.map((key) => ({ key, kind: 'gallery' as const, page: '/rapidresin' })),
];
/** The console's list of slots, in memory (a fixed catalogue): filters page and kind. */
export const SITE_SLOT_LIST = defineMemoryListSpec<SiteSlotRecord>({
  resource: 'site-slots',
  sortable: { position: (row) => SLOT_DEFINITIONS.findIndex((definition) => definition.key === row.id), label: (row) => row.label },
  defaultSort: ['position', 'ASC'],
  filters: {
    page: (row, value) => row.page === value,
    kind: (row, value) => row.kind === value,
    id: (row, value) => (Array.isArray(value) ? value.includes(row.id) : row.id === value),
  },
  defaultPageSize: 50,
  maxPageSize: 100,
});

const DEFINITION_BY_KEY = new Map(SLOT_DEFINITIONS.map((definition) => [definition.key, definition]));

function published(image: MediaImage | undefined): PublishedImage | null {
  if (!image || image.archivedAt) return null;
  return { id: image.id, alt: image.altText, caption: image.caption, width: image.width, height: image.height, widths: image.widths };
}

const idOrNull = (value: unknown): string | null | 'invalid' => {
  if (value === null || value === undefined || value === '') return null;
  return typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? value.toLowerCase() : 'invalid';
};

/**
 * The pages' image slots (issue 14) and the content every public page is rendered with: the company
 * profile, the photos in the slots and the published reviews with their computed rating (issue 20). Kept in memory per instance and dropped when any instance
 * changes a slot, a photo or the profile (TableChanges), so the server re-renders its pages with the
 * new content on their next request.
 */
@Injectable()
export class SiteSlotsService implements OnModuleInit {
  private readonly content: TableCache<SiteContent>;

  constructor(
    private readonly repository: MediaRepository,
    private readonly settings: SettingsService,
    private readonly reviews: ReviewsService,
    private readonly publicContent: PublicSiteContent,
    changes: TableChanges,
  ) {
    this.content = new TableCache(changes, ['site_slots', 'media_images', 'settings', 'reviews'], () => this.load());
  }

  onModuleInit(): void {
    this.publicContent.provide({ current: () => this.content.get() });
    // A review published, hidden or replied to here: this instance's pages show it at once (the others when notified).
    this.reviews.onChange(() => this.content.drop());
  }

  /** A photo changed here (its words, archived): the pages render anew now rather than when notified. */
  forget(): void {
    this.content.drop();
  }

  /** What the public pages show now. */
  current(): Promise<SiteContent> {
    return this.content.get();
  }

  private async load(): Promise<SiteContent> {
    const [slots, profile, reviews] = await Promise.all([this.repository.findSlots(), this.settings.companyProfile(), this.reviews.content()]);
    const imageIds = [...new Set(slots.flatMap((slot) => [slot.imageId, slot.afterImageId]).filter((id): id is string => id !== null))];
    const images = new Map((await this.repository.findByIds(imageIds)).map((image) => [image.id, image]));
    const slot = new Map(slots.map((row) => [row.key, row]));
    const photo = (id: string | null | undefined) => (id ? published(images.get(id)) : null);
    const content: SiteContent = {
      profile,
      images: {},
      pairs: PAIR_SLOT_KEYS.map((key) => ({
        title: slot.get(key)?.title ?? DEFAULT_PAIRS[key].title,
        description: slot.get(key)?.description ?? DEFAULT_PAIRS[key].description,
        before: photo(slot.get(key)?.imageId),
        after: photo(slot.get(key)?.afterImageId),
      })),
      gallery: GALLERY_SLOT_KEYS.map((key) => photo(slot.get(key)?.imageId)).filter((image): image is PublishedImage => image !== null),
      reviews,
    };
    for (const key of IMAGE_SLOT_KEYS) {
      const image = photo(slot.get(key)?.imageId);
      if (image) content.images[key] = image;
    }
    return content;
  }

  async list(): Promise<SiteSlotRecord[]> {
    const rows = new Map((await this.repository.findSlots()).map((row) => [row.key, row]));
    return SLOT_DEFINITIONS.map((definition) => this.toRecord(definition, rows.get(definition.key)));
  }

  async get(key: string): Promise<SiteSlotRecord> {
    const definition = DEFINITION_BY_KEY.get(key);
    if (!definition) throw DomainError.notFound('No such slot.');
    const row = (await this.repository.findSlots()).find((candidate) => candidate.key === key);
    return this.toRecord(definition, row);
  }

  /** Chooses a slot's photos (null: back to the artwork) and a pair's words. */
  async save(key: string, change: Partial<Record<keyof SiteSlotChange, unknown>>, userId: string): Promise<SiteSlotRecord> {
    const definition = DEFINITION_BY_KEY.get(key);
    if (!definition) throw DomainError.notFound('No such slot.');
    const imageId = idOrNull(change.imageId);
    const afterImageId = definition.kind === 'pair' ? idOrNull(change.afterImageId) : null;
    const problems = [
      ...(imageId === 'invalid' ? [{ field: 'imageId', message: MEDIA_MESSAGES.unknownImage }] : []),
      ...(afterImageId === 'invalid' ? [{ field: 'afterImageId', message: MEDIA_MESSAGES.unknownImage }] : []),
      ...(definition.kind === 'pair' ? pairWordsProblems(change) : []),
    ];
    if (problems.length > 0) throw DomainError.validation(problems);
    const row = {
      key,
      imageId: imageId as string | null,
      afterImageId: afterImageId as string | null,
      title: definition.kind === 'pair' ? String(change.title).trim() : null,
      description: definition.kind === 'pair' ? String(change.description).trim() : null,
    };
    const refused = await this.repository.saveSlot(row, userId);
    this.content.drop();
    const field = (id: string) => (id === row.imageId ? 'imageId' : 'afterImageId');
    if (refused.missing.length > 0 || refused.archived.length > 0) {
      throw DomainError.validation([
        ...refused.missing.map((id) => ({ field: field(id), message: MEDIA_MESSAGES.unknownImage })),
        ...refused.archived.map((id) => ({ field: field(id), message: MEDIA_MESSAGES.archivedImage })),
      ]);
    }
    // Committed (or refused): this instance renders with the stored choice from now on (the others when notified).
    return this.get(key);
  }

  private toRecord(definition: SlotDefinition, row: SlotRow | undefined): SiteSlotRecord {
    const pair = definition.kind === 'pair' ? DEFAULT_PAIRS[definition.key as keyof typeof DEFAULT_PAIRS] : undefined;
    return {
      id: definition.key as SiteSlotRecord['id'],
      kind: definition.kind,
      label: slotLabel(definition.key),
      page: definition.page,
      imageId: row?.imageId ?? null,
      afterImageId: row?.afterImageId ?? null,
      title: pair ? (row?.title ?? pair.title) : null,
      description: pair ? (row?.description ?? pair.description) : null,
      updatedAt: row?.updatedAt ? new Date(row.updatedAt).toISOString() : null,
    };
  }
}
