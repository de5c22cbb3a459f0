import { describe, expect, it } from 'vitest';
import { buildMenu } from '../../../app/menu';

const household = { id: 7, tc_id: 2, id_empresa: null, token: 't' };

describe('back-office menu entry', () => {
  it('is shown to admins only', () => {
    const urls = (user: object) => buildMenu({ ...household, ...user }).account.map((e) => e.url);
    expect(urls({ is_admin: true })).toContain('/admin');
    expect(urls({ is_admin: false })).not.toContain('/admin');
    expect(urls({})).not.toContain('/admin');
    expect(buildMenu(null).account.map((e) => e.url)).not.toContain('/admin');
  });
});
