import { describe, expect, it } from 'vitest';
import type { Promotion } from '@orchard/shared';
import { featuredFor } from './logic';

const promotion = (id: string, planId: string | null): Promotion => ({
  id,
  title: id,
  bodyHtml: '',
  imageUrl: null,
  startsAt: '2026-11-20T00:00:00Z',
  endsAt: '2026-12-02T00:00:00Z',
  plan: planId ? { id: planId, name: planId } : null,
  untranslated: [],
  couponCode: null,
});

describe('featuredFor: /home never promotes a plan the member holds', () => {
  const plusForLess = promotion('plus-for-less', 'plus');
  const family = promotion('bring-the-family', 'family');
  const news = promotion('spring-events', null);
  const running = [plusForLess, family, news];

  it('features the operator’s choice for a member without that plan', () => {
    expect(featuredFor(plusForLess, running, [])).toBe(plusForLess);
    expect(featuredFor(plusForLess, running, ['starter'])).toBe(plusForLess);
    expect(featuredFor(plusForLess, running, undefined)).toBe(plusForLess);
  });

  it('features the next running promotion once the member holds Plus', () => {
    expect(featuredFor(plusForLess, running, ['plus'])).toBe(family);
    expect(featuredFor(plusForLess, running, ['plus', 'family'])).toBe(news);
  });

  it('features nothing rather than a held plan', () => {
    expect(featuredFor(plusForLess, [plusForLess], ['plus'])).toBeNull();
    expect(featuredFor(plusForLess, undefined, ['plus'])).toBeNull();
    expect(featuredFor(null, running, ['plus'])).toBeNull();
  });

  it('keeps a promotion about no plan whatever the member holds', () => {
    expect(featuredFor(news, running, ['plus', 'family'])).toBe(news);
  });
});
