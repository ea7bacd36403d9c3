-- A sign-in link message also carries a 6-digit code, for the member who reads the message on
-- another device than the one they want to sign in on (entered on /verify-code).
alter table verification_codes drop constraint verification_codes_purpose_check;
alter table verification_codes add constraint verification_codes_purpose_check
  check (purpose in ('register', 'password_reset', 'sign_in'));
