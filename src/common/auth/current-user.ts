import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Role } from '@relining/contracts/roles';

/** The signed-in caller, as the access guard established it for this request. */
export interface CurrentUserInfo {
  id: string;
  email: string;
  /** null when the role lookup failed: the user is signed in but may use no role-protected route. */
  role: Role | null;
}

export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): CurrentUserInfo => {
  return context.switchToHttp().getRequest<{ user: CurrentUserInfo }>().user;
});
