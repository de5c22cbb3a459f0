import { sql, type Kysely } from 'kysely';

/**
 * Rewards for campaign attendance and per-branch balances for companies:
 *  - a campaign's fixed bonus (0 = none), and each participant's attendance as its organiser
 *    confirmed it (when and by whom);
 *  - a ledger entry caused by a campaign is unique per cause (`<campaign>:<person>`), so
 *    confirming attendance twice can never earn twice;
 *  - each company head's choice of where its points go: `head` (one balance) or `branches`
 *    (each branch earns and spends its own).
 * Frozen in time: no app imports.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('campaigns')
    .addColumn('reward_bonus_points', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('campaign_participants').addColumn('attended_at', 'text').execute();
  await db.schema.alterTable('campaign_participants').addColumn('attendance_confirmed_by', 'integer').execute();

  await db.schema
    .createIndex('reward_ledger_campaign_once')
    .unique()
    .on('reward_ledger')
    .columns(['cause_type', 'cause_id'])
    .where(sql.ref('cause_type'), '=', 'campaign')
    .execute();

  await db.schema
    .createTable('reward_company_modes')
    .addColumn('company_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // head | branches
    .addColumn('points_to', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('reward_company_modes').execute();
  await db.schema.dropIndex('reward_ledger_campaign_once').execute();
  await db.schema.alterTable('campaign_participants').dropColumn('attendance_confirmed_by').execute();
  await db.schema.alterTable('campaign_participants').dropColumn('attended_at').execute();
  await db.schema.alterTable('campaigns').dropColumn('reward_bonus_points').execute();
}
