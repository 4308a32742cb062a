import { Body, Controller, Get, Module, Post } from '@nestjs/common';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { Public } from '../../src/common/auth/auth.decorators.js';
import { RateLimit } from '../../src/common/rate-limit/rate-limit.decorator.js';

class ProbeBody {
  @IsString()
  @IsNotEmpty({ message: 'Please fill in the name field' })
  @MaxLength(100)
  name!: string;

  @IsEmail({}, { message: 'Please enter a valid email address' })
  email!: string;
}

/** Routes that exist only in tests, to exercise the global pieces (validation, access, rate limits). */
@Controller('probe')
class ProbeController {
  @Public()
  @Post('echo')
  echo(@Body() body: ProbeBody): ProbeBody {
    return body;
  }

  @Get('private')
  secret(): { secret: boolean } {
    return { secret: true };
  }

  @Public()
  @RateLimit({ perIp: { minute: 2 } })
  @Get('limited')
  limited(): { ok: boolean } {
    return { ok: true };
  }

  @Public()
  @Get('boom')
  boom(): never {
    throw new Error('database password is hunter2');
  }
}

@Module({ controllers: [ProbeController] })
export class ProbeModule {}
