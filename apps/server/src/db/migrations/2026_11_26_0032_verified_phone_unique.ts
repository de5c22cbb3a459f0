import { sql, type Kysely } from 'kysely';

/**
 * A verified phone number belongs to one account: a partial unique index over the numbers of
 * verified accounts (SQLite and PostgreSQL both index `where`). A number already verified on
 * several accounts stays verified on the one that proved it most recently (the likeliest to hold
 * the line today); the others are unverified and must verify another number. Frozen in time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update users set phone_verified_at = null
    where phone_verified_at is not null
      and exists (
        select 1 from users newer
        where newer.phone = users.phone
          and newer.phone_verified_at is not null
          and (newer.phone_verified_at > users.phone_verified_at
            or (newer.phone_verified_at = users.phone_verified_at and newer.id > users.id))
      )
  `.execute(db);
  await db.schema
    .createIndex('users_verified_phone_key')
    .on('users')
    .column('phone')
    .unique()
    .where(sql.ref('phone_verified_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('users_verified_phone_key').execute();
}
