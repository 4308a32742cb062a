import { AsyncLocalStorage } from 'node:async_hooks';
import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { Observable } from 'rxjs';
import type { CurrentUserInfo } from '../auth/current-user.js';
import { correlationIdOf } from '../logging/correlation-id.js';

/**
 * Who is acting, for the audit trail: a signed-in user (staff or plumber), the server itself running
 * a named job (a scheduled job, the outbox worker), or an anonymous visitor of the public site (a
 * customer accepting a quote, someone failing to sign in).
 */
export type Actor = { kind: 'user'; id: string; email: string } | { kind: 'system'; name: string } | { kind: 'public'; ip?: string | undefined };

interface ActorContext {
  actor: Actor;
  /** The request's correlation id (also in its log lines), when a request is being served. */
  correlationId?: string;
}

const storage = new AsyncLocalStorage<ActorContext>();

/** The actor of the work running now; the server itself when nothing said otherwise. */
export function currentActor(): Actor {
  return storage.getStore()?.actor ?? { kind: 'system', name: 'server' };
}

/** The correlation id of the request being served, if any. */
export function currentCorrelationId(): string | null {
  return storage.getStore()?.correlationId ?? null;
}

/** Runs `work` (and everything it starts) as `actor`. */
export function runAs<T>(actor: Actor, work: () => T, correlationId?: string): T {
  return storage.run(correlationId === undefined ? { actor } : { actor, correlationId }, work);
}

/** Runs a background job as the system, named after the job ('system' with the job's name in the trail). */
export function runAsSystem<T>(name: string, work: () => T): T {
  return storage.run({ actor: { kind: 'system', name } }, work);
}

/**
 * Global interceptor: the handler of a request (and whatever it awaits) runs as its caller, the
 * signed-in user the access guard established, or an anonymous visitor. Guards run before
 * interceptors, so `request.user` is known here.
 */
@Injectable()
export class ActorContextInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<{ user?: CurrentUserInfo; ip?: string; id?: unknown }>();
    const actor: Actor = request.user ? { kind: 'user', id: request.user.id, email: request.user.email } : { kind: 'public', ip: request.ip };
    const correlationId = correlationIdOf(request);
    return new Observable((subscriber) => runAs(actor, () => next.handle().subscribe(subscriber), correlationId));
  }
}
