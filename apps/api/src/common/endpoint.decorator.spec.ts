import 'reflect-metadata';
import { BadRequestException, Body, Param, Query, RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, PIPES_METADATA } from '@nestjs/common/constants.js';
import { z } from 'zod';
import type { ApiRoute } from '@mandi/contracts';
import { CurrentCaller } from '../auth/caller.decorators.js';
import { Endpoint, nestPath, routeEntryOf } from './endpoint.decorator.js';
import { RouteInputPipe } from './route-input.pipe.js';

const route = {
  method: 'PUT',
  path: '/api/cart/{uid}/lines/{productId}',
  tag: 'Cart',
  summary: 'A test route',
  access: 'user',
  params: z.object({ uid: z.string(), productId: z.coerce.number() }),
  query: z.object({ page: z.coerce.number().default(1) }),
  body: z.object({ quantity: z.number().int().min(1, 'Quantity must be at least 1') }),
  answers: { 200: { description: 'Done' } },
  errors: [],
} satisfies ApiRoute;

describe('@Endpoint', () => {
  it('mounts a handler at its entry, under the global prefix, with the entry as metadata and its one success status', () => {
    class Handlers {
      @Endpoint(route)
      change(
        @Param() _params: unknown,
        @Query() _query: unknown,
        @Body() _body: unknown,
        @CurrentCaller() _c: unknown,
      ) {}
    }
    const handler = Handlers.prototype.change;
    expect(Reflect.getMetadata(PATH_METADATA, handler)).toBe('cart/:uid/lines/:productId');
    expect(Reflect.getMetadata(METHOD_METADATA, handler)).toBe(RequestMethod.PUT);
    expect(Reflect.getMetadata(HTTP_CODE_METADATA, handler)).toBe(200);
    expect(routeEntryOf(handler)).toBe(route);
    expect(Reflect.getMetadata(PIPES_METADATA, handler)).toEqual([expect.any(RouteInputPipe)]);
  });

  it('leaves the status to the handler when the entry answers two', () => {
    class Handlers {
      @Endpoint({ ...route, answers: { 201: { description: 'Made' }, 200: { description: 'Made before' } } })
      change() {}
    }
    expect(Reflect.getMetadata(HTTP_CODE_METADATA, Handlers.prototype.change)).toBeUndefined();
  });

  it('refuses, as the controller loads, an input the entry declares no schema for, one field of one, or a pipe', () => {
    const { query: _query, ...withoutQuery } = route;
    expect(() => {
      class Handlers {
        @Endpoint(withoutQuery)
        change(@Query() _query: unknown) {}
      }
      return Handlers;
    }).toThrow(
      'Handlers.change (PUT /api/cart/{uid}/lines/{productId}) reads @Query() but its entry declares no query',
    );
    expect(() => {
      class Handlers {
        @Endpoint(route)
        change(@Param('uid') _uid: string) {}
      }
      return Handlers;
    }).toThrow('@Param() takes the whole input, validated by the entry, and no pipe');
    expect(() => {
      class Handlers {
        @Endpoint(route)
        change(@Body(new RouteInputPipe(route)) _body: unknown) {}
      }
      return Handlers;
    }).toThrow('@Body() takes the whole input');
  });

  it("converts the registry's paths, and refuses one outside /api", () => {
    expect(nestPath('/api/products')).toBe('products');
    expect(nestPath('/api/user/delete-account/{uid}')).toBe('user/delete-account/:uid');
    expect(nestPath('/api/openapi.json')).toBe('openapi.json');
    expect(() => nestPath('/files/{key}')).toThrow('/files/{key} is not under /api');
  });
});

describe('RouteInputPipe', () => {
  const pipe = new RouteInputPipe(route);

  it("reads each input with the entry's schema for it, and passes the request's own values through", () => {
    expect(pipe.transform({ uid: 'u1', productId: '7' }, { type: 'param' })).toEqual({ uid: 'u1', productId: 7 });
    expect(pipe.transform({}, { type: 'query' })).toEqual({ page: 1 });
    expect(pipe.transform({ quantity: 2 }, { type: 'body' })).toEqual({ quantity: 2 });
    const caller = { id: 1 };
    expect(pipe.transform(caller, { type: 'custom' })).toBe(caller);
  });

  it('answers bad input with the 400 naming each field, and text with a NUL character before the schema', () => {
    expect(() => pipe.transform({ quantity: 0 }, { type: 'body' })).toThrow(BadRequestException);
    try {
      pipe.transform({ quantity: 0 }, { type: 'body' });
    } catch (error) {
      expect((error as BadRequestException).getResponse()).toEqual({
        message: 'Quantity must be at least 1',
        fields: { quantity: 'Quantity must be at least 1' },
      });
    }
    expect(() => pipe.transform({ uid: 'a\u0000', productId: '1' }, { type: 'param' })).toThrow(BadRequestException);
  });
});
