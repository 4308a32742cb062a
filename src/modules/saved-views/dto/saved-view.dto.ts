import { ApiProperty } from '@nestjs/swagger';
import { SAVED_VIEW_NAME_MAX, SAVED_VIEW_RESOURCES, type SavedView, type SavedViewResource } from '@relining/contracts/api/saved-views';
import { BodyField } from '../../../common/http/validation.js';
import type { SavedViewBody } from '../saved-view.rules.js';
import type { SavedViewRecord } from '../saved-views.repository.js';

class SavedViewSortDto {
  @ApiProperty({ example: 'createdAt' }) field!: string;
  @ApiProperty({ enum: ['ASC', 'DESC'] }) order!: 'ASC' | 'DESC';
}

/**
 * PUT /api/admin/saved-views/:id as react-admin sends it (the whole record): the name, filter, sort and
 * default can change; id, resource and dates are read-only and ignored. Checked by `savedViewProblems`.
 */
export class UpdateSavedViewDto implements SavedViewBody {
  @ApiProperty({ required: false, maxLength: SAVED_VIEW_NAME_MAX, example: 'Waiting on parts' }) @BodyField() name?: unknown;
  @ApiProperty({ required: false, type: Object, example: { status: 'new' } }) @BodyField() filter?: unknown;
  @ApiProperty({ required: false, nullable: true, type: SavedViewSortDto }) @BodyField() sort?: unknown;
  @ApiProperty({ required: false }) @BodyField() isDefault?: unknown;
}

/** POST /api/admin/saved-views: a new view of one console list. */
export class CreateSavedViewDto extends UpdateSavedViewDto {
  @ApiProperty({ enum: SAVED_VIEW_RESOURCES }) @BodyField() resource?: unknown;
}

export class SavedViewResponse implements SavedView {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: SAVED_VIEW_RESOURCES }) resource!: SavedViewResource;
  @ApiProperty() name!: string;
  @ApiProperty({ type: Object }) filter!: Record<string, unknown>;
  @ApiProperty({ nullable: true, type: SavedViewSortDto }) sort!: SavedView['sort'];
  @ApiProperty() isDefault!: boolean;
  @ApiProperty() createdAt!: string;
  @ApiProperty() updatedAt!: string;
}

export function toSavedViewResponse(row: SavedViewRecord): SavedViewResponse {
  return {
    id: row.id,
    resource: row.resource,
    name: row.name,
    filter: row.filter,
    sort: row.sort,
    isDefault: row.isDefault,
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
