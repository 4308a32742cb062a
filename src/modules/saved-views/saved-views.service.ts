import { HttpStatus, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { SAVED_VIEW_MESSAGES, SAVED_VIEW_RESOURCES } from '@relining/contracts/api/saved-views';
import type { CurrentUserInfo } from '../../common/auth/current-user.js';
import { DomainError } from '../../common/errors/domain-error.js';
import { defineMemoryListSpec, listInMemory, parseListParams, type ListParams } from '../../common/react-admin/list-query.js';
import { toSavedViewResponse, type SavedViewResponse } from './dto/saved-view.dto.js';
import { savedViewChanges, savedViewProblems, type SavedViewBody } from './saved-view.rules.js';
import { SAVED_VIEW_NAME_INDEX, SavedViewsRepository, type SavedViewRecord } from './saved-views.repository.js';

const valuesOf = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).map(String);

/** The caller's views, in react-admin's dialect (filter by list, by id for getMany, or by name). */
export const SAVED_VIEWS_LIST = defineMemoryListSpec<SavedViewRecord>({
  resource: 'saved-views',
  sortable: {
    name: (row) => row.name.toLowerCase(),
    resource: (row) => row.resource,
    createdAt: (row) => new Date(row.createdAt).getTime(),
    updatedAt: (row) => new Date(row.updatedAt).getTime(),
  },
  defaultSort: ['name', 'ASC'],
  filters: {
    resource: (row, value) => valuesOf(value).includes(row.resource),
    id: (row, value) => valuesOf(value).includes(row.id),
    q: (row, value) => row.name.toLowerCase().includes(String(value).trim().toLowerCase()),
  },
  defaultPageSize: 100,
  maxPageSize: 500,
});

const isUniqueViolation = (error: unknown, index: string): boolean =>
  (error as { code?: string }).code === '23505' && (error as { constraint?: string }).constraint === index;

/**
 * Saved views (issue 19): each staff user's named filters per console list. A personal preference, not a
 * business change, so nothing here is audited. A user only ever sees and changes their own views: another
 * person's view answers as if it did not exist.
 */
@Injectable()
export class SavedViewsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly repository: SavedViewsRepository,
  ) {}

  async list(user: CurrentUserInfo, params: ListParams): Promise<{ rows: SavedViewResponse[]; total: number; offset: number }> {
    // The filter's values are checked before any row is read: a user with no views is refused the same.
    for (const [name, value] of parseListParams(params, SAVED_VIEWS_LIST).filters) {
      if (name === 'resource' && !valuesOf(value).every((resource) => (SAVED_VIEW_RESOURCES as readonly string[]).includes(resource))) {
        throw DomainError.validation([{ field: `filter.${name}`, message: SAVED_VIEW_MESSAGES.unknownResource }]);
      }
    }
    const page = listInMemory(await this.repository.findAllOfUser(user.id), params, SAVED_VIEWS_LIST);
    return { rows: page.rows.map(toSavedViewResponse), total: page.total, offset: page.offset };
  }

  async get(user: CurrentUserInfo, id: string): Promise<SavedViewResponse> {
    const row = await this.repository.findOwn(user.id, id);
    if (!row) throw DomainError.notFound(SAVED_VIEW_MESSAGES.notFound);
    return toSavedViewResponse(row);
  }

  async create(user: CurrentUserInfo, body: SavedViewBody): Promise<SavedViewResponse> {
    const problems = savedViewProblems(body, 'create');
    if (problems.length > 0) throw DomainError.validation(problems);
    const changes = savedViewChanges(body, 'create');
    const resource = changes.resource!;
    const row = await this.named(() =>
      this.dataSource.transaction(async (manager) => {
        // One default per list: making this one the default takes it from the other, in the same transaction.
        if (changes.isDefault) await this.repository.clearDefault(manager, user.id, resource, null);
        return this.repository.insert(manager, {
          userId: user.id,
          resource,
          name: changes.name!,
          filter: changes.filter ?? {},
          sort: changes.sort ?? null,
          isDefault: changes.isDefault ?? false,
        });
      }),
    );
    return toSavedViewResponse(row);
  }

  async update(user: CurrentUserInfo, id: string, body: SavedViewBody): Promise<SavedViewResponse> {
    const problems = savedViewProblems(body, 'update');
    if (problems.length > 0) throw DomainError.validation(problems);
    const changes = savedViewChanges(body, 'update');
    const row = await this.named(() =>
      this.dataSource.transaction(async (manager: EntityManager) => {
        const current = await this.repository.findOwn(user.id, id, manager);
        if (!current) throw DomainError.notFound(SAVED_VIEW_MESSAGES.notFound);
        const isDefault = changes.isDefault ?? current.isDefault;
        if (isDefault && !current.isDefault) await this.repository.clearDefault(manager, user.id, current.resource, current.id);
        return this.repository.update(manager, {
          id,
          userId: user.id,
          name: changes.name ?? current.name,
          filter: changes.filter ?? current.filter,
          sort: changes.sort === undefined ? current.sort : changes.sort,
          isDefault,
        });
      }),
    );
    return toSavedViewResponse(row);
  }

  async delete(user: CurrentUserInfo, id: string): Promise<SavedViewResponse> {
    const row = await this.repository.deleteOwn(user.id, id);
    if (!row) throw DomainError.notFound(SAVED_VIEW_MESSAGES.notFound);
    return toSavedViewResponse(row);
  }

  /** A write, with a name the user already gave another view of that list answered as a 409 on `name`. */
  private async named<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error, SAVED_VIEW_NAME_INDEX)) {
        throw new DomainError('SAVED_VIEW_NAME_TAKEN', SAVED_VIEW_MESSAGES.nameTaken, HttpStatus.CONFLICT, [
          { field: 'name', message: SAVED_VIEW_MESSAGES.nameTaken },
        ]);
      }
      throw error;
    }
  }
}
