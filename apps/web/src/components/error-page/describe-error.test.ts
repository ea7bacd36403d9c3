import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { describeError, notFoundMessage } from './describe-error';

describe('error page wording (docs/product.md E1, E2)', () => {
  it('names the missing path', () => {
    expect(notFoundMessage('/nowhere/at-all')).toBe('Page not found: /nowhere/at-all');
  });

  it('defaults a missing status to 500 with Internal Server Error', () => {
    expect(describeError(new Error('boom'))).toEqual({ status: 500, message: 'Internal Server Error' });
    expect(describeError(undefined)).toEqual({ status: 500, message: 'Internal Server Error' });
    expect(describeError('text')).toEqual({ status: 500, message: 'Internal Server Error' });
  });

  it('keeps a given status and shows the error’s own message', () => {
    expect(describeError(new ApiError(503, 'UNAVAILABLE', 'Down for maintenance'))).toEqual({
      status: 503,
      message: 'Down for maintenance',
    });
    expect(describeError({ statusCode: 403, message: 'Not yours' })).toEqual({ status: 403, message: 'Not yours' });
  });

  it('keeps the API’s trace id so the page can say it to support, and nothing that is not one', () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    expect(describeError(new ApiError(500, 'INTERNAL', 'Internal Server Error', {}, undefined, traceId))).toEqual({
      status: 500,
      message: 'Internal Server Error',
      traceId,
    });
    expect(describeError({ status: 500, message: 'x', traceId: '<script>' })).toEqual({ status: 500, message: 'x' });
  });
});
