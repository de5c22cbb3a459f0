/** The caller, as every feature sees it (the auth plugin proves it from the access token). */
export type AuthUser = {
  id: number;
  tc_id: number;
  id_empresa: number | null;
  is_admin: boolean;
  email: string;
  name: string;
  /** Session (refresh-token family) the access token belongs to. */
  session_id: string;
  /** The password was generated for the account: only the routes the auth plugin lists as allowed answer. */
  must_change_password: boolean;
};
