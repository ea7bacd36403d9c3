-- The demo card gateway's payment page was an address that never resolves
-- (https://pay.demo-gateway.invalid/…). The app now serves its own demo checkout while demo data
-- is on (modules/recharge/demo-checkout.ts), at a path on this site, so a gateway's payment page
-- may also be a same-site path: `/…`, never `//host` or `/\host` (another site).
alter table payment_channels drop constraint payment_channels_payment_url_template_check;
alter table payment_channels add constraint payment_channels_payment_url_template_check
  check (payment_url_template is null or payment_url_template ~ '^(https?://|/($|[^/\\]))');

-- Databases seeded before point their demo gateway at the demo checkout now. A channel the operator
-- has changed since (another address) is left as it is.
update payment_channels
   set payment_url_template = '/demo-gateway/checkout?order={orderId}&reference={reference}&amount={amount}&currency={currency}',
       updated_at = now()
 where code = 'demo-gateway'
   and payment_url_template = 'https://pay.demo-gateway.invalid/checkout?order={orderId}&reference={reference}&amount={amount}&currency={currency}';
