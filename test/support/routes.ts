import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { ApplicationConfig } from '@nestjs/core/application-config.js';
import { isRouteExcluded } from '@nestjs/core/router/utils/exclude-route.util.js';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { IS_PUBLIC, ROLES } from '../../src/common/auth/auth.decorators.js';

/** One route of the Nest router, with the access markers the global guard reads. */
export interface DiscoveredRoute {
  /** `GET /api/admin/users/:id`: the key the security tests use. */
  key: string;
  method: string;
  path: string;
  controller: string;
  handler: string;
  isPublic: boolean;
  /** The roles of `@Roles(...)` on the handler, else on the class; empty when none. */
  roles: string[];
}

const GLOBAL_PREFIX = 'api';

function joinPath(...parts: string[]): string {
  const joined = parts
    .flatMap((part) => part.split('/'))
    .filter((segment) => segment.length > 0)
    .join('/');
  return `/${joined}`;
}

function asList(value: unknown): string[] {
  if (value === undefined) return [''];
  return Array.isArray(value) ? value.map(String) : [String(value)];
}

/**
 * Every route of every controller the app mounted, read the way Nest's router reads them (path and
 * method metadata on each handler, under the global `api` prefix unless excluded from it), each checked to exist in Fastify's router.
 */
export function discoverRoutes(app: NestFastifyApplication): DiscoveredRoute[] {
  const discovery = new DiscoveryService(app.get(ModulesContainer));
  const scanner = new MetadataScanner();
  const reflector = new Reflector();
  const fastify = app.getHttpAdapter().getInstance();
  const excluded = app.get(ApplicationConfig).getGlobalPrefixOptions().exclude ?? [];
  const routes: DiscoveredRoute[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as (new (...args: never[]) => object) | undefined;
    if (!controller) continue;
    const controllerPaths = asList(Reflect.getMetadata(PATH_METADATA, controller));
    for (const name of scanner.getAllMethodNames(controller.prototype)) {
      const handler = (controller.prototype as Record<string, unknown>)[name] as (...args: unknown[]) => unknown;
      const methodPath = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      if (methodPath === undefined) continue; // not a route handler
      const requestMethod = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod;
      const method = RequestMethod[requestMethod];
      const isPublic = reflector.getAllAndOverride<boolean>(IS_PUBLIC, [handler, controller]) === true;
      const roles = reflector.getAllAndOverride<string[] | undefined>(ROLES, [handler, controller]) ?? [];
      for (const base of controllerPaths) {
        for (const sub of asList(methodPath)) {
          // A route excluded from the global prefix (the pages' photos at /media/…, the unsubscribe page) is
          // mounted at its own path: asked of Nest's own rule, since a route of the same shape may exist
          // under /api too (POST /unsubscribe/:token and POST /api/unsubscribe/:unsubscribeToken).
          const unprefixed = joinPath(base, sub);
          const path = isRouteExcluded(excluded, unprefixed, requestMethod) ? unprefixed : joinPath(GLOBAL_PREFIX, base, sub);
          if (!fastify.hasRoute({ method: method as 'GET', url: path })) {
            throw new Error(`${method} ${path} (${controller.name}.${name}) was discovered but Fastify has no such route`);
          }
          routes.push({ key: `${method} ${path}`, method, path, controller: controller.name, handler: name, isPublic, roles: [...roles] });
        }
      }
    }
  }
  return routes.sort((a, b) => a.key.localeCompare(b.key));
}

/**
 * Every route Fastify itself holds (`GET /api/health`, …; HEAD left out: Fastify adds it to every GET),
 * read from its printed route tree: Nest's routes plus those registered on Fastify directly (the front
 * ends, the API docs, CORS preflight), which the access guard never sees.
 */
export function fastifyRoutes(app: NestFastifyApplication): string[] {
  const tree = app.getHttpAdapter().getInstance().printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes = new Set<string>();
  for (const line of tree.split('\n')) {
    const parsed = /^([│ ]*)[├└]── (.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!parsed) continue;
    const depth = parsed[1]!.length / 4;
    stack.length = depth;
    stack.push(parsed[2]!);
    for (const method of (parsed[3] ?? '').split(',').map((name) => name.trim())) {
      if (method && method !== 'HEAD') routes.add(`${method} ${stack.join('')}`);
    }
  }
  return [...routes].sort();
}
