import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean } from 'class-validator';
import type { EmailSettings } from '@relining/contracts/api/settings';
import { IsOmittable } from '../../../common/http/validation.js';

export class EmailSettingsDto implements Partial<EmailSettings> {
  @ApiProperty({ description: 'Send the status e-mail automatically on every job status change.', required: false })
  @IsOmittable()
  @IsBoolean({ message: 'autoNotify must be true or false' })
  autoNotify?: boolean;

  @ApiProperty({ description: "Add a 'View Your Job Status' button to job e-mails.", required: false })
  @IsOmittable()
  @IsBoolean({ message: 'includeTrackingLink must be true or false' })
  includeTrackingLink?: boolean;
}

export class EmailSettingsResponse implements EmailSettings {
  @ApiProperty() autoNotify!: boolean;
  @ApiProperty() includeTrackingLink!: boolean;
}
