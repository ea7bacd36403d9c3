-- The console's TOTP secrets encrypted at rest (docs/decisions/0029, lib/secret-box.ts): the id of
-- the SECOND_FACTOR_KEY key that sealed `secret`, or null while it is stored as it is. Rows written
-- before are sealed by the server's start once a key is set (accounts/second-factor-keys.ts): the
-- key lives in the environment, never in the database, so no SQL can do it.
alter table console_totp add column secret_key_id text check (secret_key_id ~ '^[A-Za-z0-9_-]{1,32}$');
-- A plain secret stays base32; a sealed one is base64 of the nonce, tag and ciphertext.
alter table console_totp drop constraint console_totp_secret_check;
alter table console_totp add constraint console_totp_secret_check check (
  case when secret_key_id is null then secret ~ '^[A-Z2-7]{26,128}$' else secret ~ '^[A-Za-z0-9+/]+={0,2}$' and length(secret) between 40 and 400 end
);
