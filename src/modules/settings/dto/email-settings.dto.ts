import { ApiProperty } from '@nestjs/swagger';
import { IsBoolean, IsOptional } from 'class-validator';

export class EmailSettingsDto {
  @ApiProperty({ description: 'Send the status e-mail automatically on every job status change.', required: false })
  @IsOptional()
  @IsBoolean({ message: 'autoNotify must be true or false' })
  autoNotify?: boolean;

  @ApiProperty({ description: "Add a 'View Your Job Status' button to job e-mails.", required: false })
  @IsOptional()
  @IsBoolean({ message: 'includeTrackingLink must be true or false' })
  includeTrackingLink?: boolean;
}

export class EmailSettingsResponse {
  @ApiProperty() autoNotify!: boolean;
  @ApiProperty() includeTrackingLink!: boolean;
}
