import { ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import type { Role } from '@relining/contracts/roles';
import { IS_PUBLIC, ROLES } from './auth.decorators.js';
import type { CurrentUserInfo } from './current-user.js';

/**
 * The global guard, deny by default: a route answers everyone only if marked `@Public()`; every other
 * route needs a valid access token (the `jwt` passport strategy) and a caller with one of the roles of
 * its `@Roles(...)` (403 otherwise). A route with neither marker answers no one: forgetting to mark a
 * route closes it instead of opening it to every signed-in user (test/security/routes.test.ts fails first).
 */
@Injectable()
export class AccessGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    await super.canActivate(context);
    const roles = this.reflector.getAllAndOverride<Role[] | undefined>(ROLES, targets) ?? [];
    const user = context.switchToHttp().getRequest<{ user: CurrentUserInfo }>().user;
    if (!user.role || !roles.includes(user.role)) throw new ForbiddenException('You do not have permission to do that.');
    return true;
  }

  override handleRequest<TUser = CurrentUserInfo>(error: unknown, user: TUser | false): TUser {
    if (error instanceof UnauthorizedException) throw error;
    if (error || !user) throw new UnauthorizedException('Please sign in to continue.');
    return user;
  }
}
