import type { Promotion } from '@orchard/shared';

/**
 * The promotion /home features: the operator's featured one, unless it promotes a plan the member
 * holds active already (no "Plus for less" right after buying Plus); then the next running one
 * that does not (`running`: the /promotion list, featured first), or none while that list is not
 * there. `heldPlanIds` undefined = not known yet: the featured one stands.
 */
export function featuredFor(
  featured: Promotion | null,
  running: readonly Promotion[] | undefined,
  heldPlanIds: readonly string[] | undefined,
): Promotion | null {
  const promotesHeld = (promotion: Promotion) => Boolean(promotion.plan && heldPlanIds?.includes(promotion.plan.id));
  if (!featured || !promotesHeld(featured)) return featured;
  return running?.find((promotion) => !promotesHeld(promotion)) ?? null;
}
