import { DATA_POLICY_VERSION, TC_ID } from '@puntoverde/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.js';
import { accountKindFields, createAccount, EmailInUseError } from './accounts.service.js';

describe('createAccount, the one writer of users', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('refuses a second account with the same e-mail, whatever its case', async () => {
    await createAccount(t.app.db, { tc_id: TC_ID.household, email: 'ana@example.co', password: null, name: 'Ana' });
    await expect(
      createAccount(t.app.db, { tc_id: TC_ID.household, email: 'ANA@example.co', password: null, name: 'Ana' }),
    ).rejects.toBeInstanceOf(EmailInUseError);
  });

  it('records the accepted data policy on the row and as a consent, in the same executor', async () => {
    const user = await createAccount(t.app.db, {
      ...accountKindFields({
        tc_id: TC_ID.company,
        company_name: 'Reciclemos S.A.S.',
        contact_name: 'Luz',
        nit: '900373115-3',
      }),
      tc_id: TC_ID.company,
      email: 'empresa@example.co',
      password: null,
      email_verified: false,
      consent: { ip: '203.0.113.9', userAgent: 'test' },
    });
    expect(user).toMatchObject({
      name: 'Reciclemos S.A.S.',
      document_type: 'NIT',
      document_number: '900373115-3',
      email_verified_at: null,
      data_policy_version: DATA_POLICY_VERSION,
    });
    const consents = await t.app.db.selectFrom('consents').selectAll().where('user_id', '=', user.id).execute();
    expect(consents).toMatchObject([{ kind: 'data-policy', version: DATA_POLICY_VERSION, ip: '203.0.113.9' }]);
  });

  it('names a person from first and last name', () => {
    expect(
      accountKindFields({
        tc_id: TC_ID.household,
        first_name: 'Ana',
        last_name: 'Gómez',
        document_type: 'CC',
        document_number: '1020304050',
      }),
    ).toMatchObject({ name: 'Ana Gómez', company_name: null, document_type: 'CC' });
  });
});
