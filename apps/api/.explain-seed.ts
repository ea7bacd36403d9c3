import { sql } from 'drizzle-orm';
import { openDatabase } from '/work/wt/statements/apps/api/src/db/client';
import { migrate } from '/work/wt/statements/apps/api/src/db/migrate';

const handle = await openDatabase({ url: 'postgres://postgres@127.0.0.1:5432/orchard_statements', poolSize: 2 });
await migrate(handle);
const db = handle.db;
// 2,000 members; 100 movements each (recharges and withdrawal holds), one busy member with 20,000.
await db.execute(sql`
  insert into users (email, display_name, password_hash, invite_code)
  select 'm' || i || '@x.local', 'M ' || i, 'x', 'I' || lpad(i::text, 7, '0') from generate_series(1, 2001) i
  on conflict do nothing`);
await db.execute(sql.raw(`
do $$
declare u record; a record; n int; p bigint; i int;
begin
  p := ledger_platform_account('platform_cash', 'USD');
  for u in select id, email from users where email like 'm%@x.local' order by email loop
    select * into a from ledger_member_accounts(u.id, 'USD');
    n := case when u.email = 'm1@x.local' then 20000 else 100 end;
    for i in 1..n loop
      perform ledger_post('recharge', 'r:' || u.id || ':' || i, array[a.available, p], array[1000, -1000]::bigint[], 'Recharge',
        jsonb_build_object('rechargeOrderId', gen_random_uuid()), null, now(), 1000000000000, 1000000000000000);
    end loop;
  end loop;
end $$;`));
await db.execute(sql`analyze`);
console.log('seeded');
await handle.close();
