import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'auth:isPublic';
export const ROLES = 'auth:roles';

export type Role = 'admin' | 'plumber';

/** Opens a route to everyone. Every other route needs a signed-in user (deny by default). */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC, true);

/** Limits a route to users with one of these roles. */
export const Roles = (...roles: Role[]): MethodDecorator & ClassDecorator => SetMetadata(ROLES, roles);
