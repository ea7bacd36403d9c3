-- Everything a member can create is bounded; these indexes find what the bounds count.

-- A session keeps its newest few passkey challenges of each purpose (accounts/passkeys.ts
-- CHALLENGES_PER_SESSION): the older ones are found by session.
create index webauthn_challenges_session_idx on webauthn_challenges (session_id, purpose, created_at) where session_id is not null;

-- A member's removed bank accounts are pruned to the newest few (withdrawals/bank-accounts.ts
-- REMOVED_BANK_ACCOUNTS_KEPT): found by member.
create index bank_accounts_removed_idx on bank_accounts (user_id, removed_at) where removed_at is not null;

-- The upload quota counts what one person uploaded in the last day (content/content.ts).
create index content_images_uploader_idx on content_images (created_by, created_at);
