import type { ExecutionContext } from '@nestjs/common';

/**
 * What `compute` works out for a route (its controller and handler), kept after the route's first request: for what a
 * route's decorators say, which never changes while the app runs, and which the guards would otherwise look up through
 * Nest's Reflector (two metadata reads per lookup) on every request.
 */
export class PerRoute<T> {
  private readonly byController = new WeakMap<object, WeakMap<object, T>>();

  constructor(private readonly compute: (context: ExecutionContext) => T) {}

  of(context: ExecutionContext): T {
    const controller = context.getClass();
    const handler = context.getHandler();
    let byHandler = this.byController.get(controller);
    if (!byHandler) this.byController.set(controller, (byHandler = new WeakMap()));
    if (byHandler.has(handler)) return byHandler.get(handler)!;
    const value = this.compute(context);
    byHandler.set(handler, value);
    return value;
  }
}
