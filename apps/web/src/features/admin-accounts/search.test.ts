import { describe, expect, it } from 'vitest';
import { parseAuditSearch, parseMembersSearch, parseOutboxSearch } from './search';

// What reaches the console's member pages from the URL: the routes validate with these.
describe('console search params', () => {
  it('keeps the filters a page understands, trimmed', () => {
    expect(parseMembersSearch({ q: '  ada@example.com ', role: 'operator', status: 'frozen', offset: 50 })).toEqual({
      q: 'ada@example.com',
      role: 'operator',
      status: 'frozen',
      offset: 50,
    });
    expect(parseOutboxSearch({ destination: '+15550100', status: 'failed', offset: '25' })).toEqual({
      destination: '+15550100',
      status: 'failed',
      offset: 25,
    });
    // A numeric-looking query arrives parsed as a number; it is still a query.
    expect(parseAuditSearch({ action: 'sign_in.failed', subjectId: 12345 })).toMatchObject({
      action: 'sign_in.failed',
      subjectId: '12345',
    });
  });

  it('drops what a hand-edited URL can hold but the API would refuse', () => {
    const parsed = parseMembersSearch({ q: '   ', role: 'admin', status: ['active'], offset: -25 });
    expect(Object.values(parsed).filter((value) => value !== undefined)).toEqual([]);
    expect(parseOutboxSearch({ status: 'sent; drop', offset: 2.5 }).offset).toBeUndefined();
    expect(parseOutboxSearch({ offset: 1_000_001 }).offset).toBeUndefined();
    expect(parseAuditSearch({ action: 'x'.repeat(101) }).action).toBeUndefined();
    expect(parseMembersSearch({ q: { $ne: '' } }).q).toBeUndefined();
  });
});
