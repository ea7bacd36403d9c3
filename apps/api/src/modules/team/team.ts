import type {
  CommissionTotals,
  ListMyCommissionsQuery,
  ListTeamMembersQuery,
  MyCommissionPage,
  TeamLevelTotals,
  TeamMemberPage,
  TeamSummary,
} from '@orchard/shared';
import { AppError, unauthenticated } from '../../errors';
import { decodeCursor, encodeCursor } from '../../lib/keyset-cursor';
import type { ServiceDeps } from '../../lib/service-deps';
import { findUserById, maskEmail, maskPhone } from '../accounts/index';
import { readSettings } from '../plans/index';
import * as repo from './repository';

const TEAM_PAGE_SIZE = 20;
const LEVELS = [1, 2, 3] as const;

const iso = (value: Date | string) => new Date(value).toISOString();
const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** Another member as a member may see them: masked email, else masked phone. */
function maskedContact(row: { email: string | null; phone: string | null }): string {
  if (row.email) return maskEmail(row.email);
  if (row.phone) return maskPhone(row.phone);
  return '•••';
}

function toLevelTotals(level: 1 | 2 | 3, row: repo.LevelTotalsRow | undefined): TeamLevelTotals {
  return {
    level,
    members: Number(row?.members ?? 0),
    purchasesTotal: Number(row?.purchases_total ?? 0),
    commission: {
      pending: Number(row?.commission_pending ?? 0),
      available: Number(row?.commission_available ?? 0),
      onReview: Number(row?.commission_review ?? 0),
      reversed: Number(row?.commission_reversed ?? 0),
    },
  };
}

export async function levelTotalsOf(db: repo.Queryable, userId: string): Promise<TeamLevelTotals[]> {
  const rows = await repo.levelTotals(db, userId);
  return LEVELS.map((level) =>
    toLevelTotals(
      level,
      rows.find((row) => Number(row.level) === level),
    ),
  );
}

/** The team screens' header: invite code and link, per-level size and commissions (rollups only). */
export async function getTeamSummary(deps: ServiceDeps, userId: string): Promise<TeamSummary> {
  const [user, levels, settings] = await Promise.all([
    findUserById(deps.db, userId),
    levelTotalsOf(deps.db, userId),
    readSettings(deps.db),
  ]);
  if (!user) throw unauthenticated();
  const sum = (pick: (c: CommissionTotals) => number) => levels.reduce((total, level) => total + pick(level.commission), 0);
  return {
    currency: deps.config.CURRENCY,
    inviteCode: user.inviteCode,
    invitePath: `/register?ref=${encodeURIComponent(user.inviteCode)}`,
    levels,
    totals: {
      members: levels.reduce((total, level) => total + level.members, 0),
      commission: {
        pending: sum((c) => c.pending),
        available: sum((c) => c.available),
        onReview: sum((c) => c.onReview),
        reversed: sum((c) => c.reversed),
      },
    },
    ratesBp: [settings.level1Bp, settings.level2Bp, settings.level3Bp],
  };
}

const TEAM_CURSOR_SHAPE = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([0-9a-f]{32})$/;

function encodeTeamCursor(row: repo.TeamMemberRow): string {
  return Buffer.from(`${row.at_text}|${row.row_key}`).toString('base64url');
}

function decodeTeamCursor(cursor: string | undefined): repo.TeamCursor | undefined {
  if (cursor === undefined) return undefined;
  const match = TEAM_CURSOR_SHAPE.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match || Number.isNaN(new Date(match[1]!).getTime())) {
    throw new AppError('VALIDATION_FAILED', 'Some fields need attention.', { cursor: 'Not a valid cursor.' });
  }
  return { at: match[1]!, key: match[2]! };
}

/**
 * One page of the member's team on a level, newest first. Level 1 shows the name each chose and
 * what they paid for plans; levels 2 and 3 are masked only. Each row says what its member's
 * purchases brought the viewer. No id, invite code or full contact of another member is returned.
 */
export async function listTeamMembers(deps: ServiceDeps, userId: string, query: ListTeamMembersQuery): Promise<TeamMemberPage> {
  const level = Number(query.level) as 1 | 2 | 3;
  const rows = await repo.teamMembers(deps.db, userId, level, decodeTeamCursor(query.cursor), TEAM_PAGE_SIZE + 1);
  const page = rows.slice(0, TEAM_PAGE_SIZE);
  return {
    level,
    items: page.map((row) => ({
      key: row.row_key,
      displayName: level === 1 && row.status !== 'closed' ? row.display_name : null,
      contact: maskedContact(row),
      former: row.status === 'closed',
      joinedAt: iso(row.created_at),
      purchasesTotal: level === 1 ? Number(row.purchases_total) : null,
      brought: Number(row.brought),
    })),
    nextCursor: rows.length > TEAM_PAGE_SIZE ? encodeTeamCursor(page[page.length - 1]!) : null,
  };
}

/** The member's commissions (skipped levels are nobody's), newest first, with their state. */
export async function listMyCommissions(deps: ServiceDeps, userId: string, query: ListMyCommissionsQuery): Promise<MyCommissionPage> {
  const rows = await repo.myCommissions(deps.db, userId, { status: query.status }, decodeCursor(query.cursor), TEAM_PAGE_SIZE + 1);
  const page = rows.slice(0, TEAM_PAGE_SIZE);
  const last = page[page.length - 1];
  return {
    currency: deps.config.CURRENCY,
    items: page.map((row) => ({
      id: row.id,
      level: Number(row.level) as 1 | 2 | 3,
      amount: Number(row.amount),
      status: row.status,
      purchasedAt: iso(row.created_at),
      releaseAt: row.status === 'pending' ? isoOrNull(row.release_at) : null,
      releasedAt: isoOrNull(row.released_at),
      from: maskedContact({ email: row.buyer_email, phone: row.buyer_phone }),
    })),
    nextCursor: rows.length > TEAM_PAGE_SIZE && last ? encodeCursor({ createdAt: new Date(last.created_at), id: last.id }) : null,
  };
}
