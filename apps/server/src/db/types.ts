import type { Generated } from 'kysely';

/**
 * Table types of the whole database. Timestamps are ISO 8601 UTC text and booleans are
 * integers 0/1 on both SQLite and PostgreSQL, so the same queries run on both.
 * Each feature adds its tables here next to its migration.
 */
export interface Database {
  // waste points (migration 0003)
  materials: MaterialsTable;
  points: PointsTable;
  point_materials: PointMaterialsTable;
  point_managers: PointManagersTable;
  containers: ContainersTable;
  container_readings: ContainerReadingsTable;
  app_setting: AppSettingTable;
  users: UsersTable;
  files: FilesTable;
  // identity (migration 0002)
  sessions: SessionsTable;
  refresh_tokens: RefreshTokensTable;
  auth_tokens: AuthTokensTable;
  devices: DevicesTable;
  consents: ConsentsTable;
  // content and back office
  allies: AlliesTable;
  ally_points_of_sale: AllyPointsOfSaleTable;
  campaigns: CampaignsTable;
  campaign_materials: CampaignMaterialsTable;
  campaign_participants: CampaignParticipantsTable;
  faq_items: FaqItemsTable;
  audit_log: AuditLogTable;
  // PQR (migration 0005)
  pqr: PqrTable;
  pqr_event: PqrEventTable;
  pqr_attachment: PqrAttachmentTable;
  pqr_upload: PqrUploadTable;
  pqr_calendar_day: PqrCalendarDayTable;
  // pickup requests, notifications, live updates, branches (migration 0006)
  pickup_requests: PickupRequestsTable;
  pickup_request_items: PickupRequestItemsTable;
  pickup_request_photos: PickupRequestPhotosTable;
  pickup_request_events: PickupRequestEventsTable;
  notifications: NotificationsTable;
  events_tickets: EventsTicketsTable;
  branch_invitations: BranchInvitationsTable;
  // social sign-in (migration 0007)
  social_identities: SocialIdentitiesTable;
  social_auth_requests: SocialAuthRequestsTable;
  social_tickets: SocialTicketsTable;
  // statistics, impact factors and certificates (migration 0011)
  impact_factors: ImpactFactorsTable;
  // the scheme's kg per month and material, kept by triggers on pickup_request_items (migration 0030)
  scheme_monthly_kg: SchemeMonthlyKgTable;
  certificates: CertificatesTable;
  // phone verification by SMS code (migration 0013)
  phone_codes: PhoneCodesTable;
  // incident reports and Open311 keys (migration 0010)
  reports: ReportsTable;
  report_photos: ReportPhotosTable;
  report_events: ReportEventsTable;
  report_followers: ReportFollowersTable;
  open311_keys: Open311KeysTable;
  // staff-editable report categories (migration 0023)
  report_categories: ReportCategoriesTable;
  // idempotency keys of offline writes (migration 0015)
  idempotency_keys: IdempotencyKeysTable;
  // push notifications (migration 0012)
  notification_deliveries: NotificationDeliveriesTable;
  notification_preferences: NotificationPreferencesTable;
  notification_settings: NotificationSettingsTable;
  notification_broadcasts: NotificationBroadcastsTable;
  notification_jobs: NotificationJobsTable;
  // gapless yearly consecutives: radicados, report and certificate numbers (migration 0040)
  sequences: SequencesTable;
  // signed webhooks (migration 0041)
  webhook_endpoints: WebhookEndpointsTable;
  webhook_events: WebhookEventsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  // rewards (migration 0045)
  reward_rates: RewardRatesTable;
  reward_balances: RewardBalancesTable;
  reward_ledger: RewardLedgerTable;
  reward_holds: RewardHoldsTable;
  reward_offers: RewardOffersTable;
  reward_redemptions: RewardRedemptionsTable;
  reward_ally_staff: RewardAllyStaffTable;
  reward_company_modes: RewardCompanyModesTable;
  recycler_organizations: RecyclerOrganizationsTable;
  recycler_coordinators: RecyclerCoordinatorsTable;
  recycler_service_areas: RecyclerServiceAreasTable;
  recycler_ecas: RecyclerEcasTable;
  recycler_macro_routes: RecyclerMacroRoutesTable;
  recycler_micro_routes: RecyclerMicroRoutesTable;
  recycler_members: RecyclerMembersTable;
  recycler_scales: RecyclerScalesTable;
  recycler_tickets: RecyclerTicketsTable;
  recycler_ticket_lines: RecyclerTicketLinesTable;
  recycler_ticket_pickups: RecyclerTicketPickupsTable;
  recycler_sales: RecyclerSalesTable;
  recycler_sale_lines: RecyclerSaleLinesTable;
  recycler_payouts: RecyclerPayoutsTable;
  sui_code_versions: SuiCodeVersionsTable;
  sui_material_codes: SuiMaterialCodesTable;
  sui_material_map: SuiMaterialMapTable;
  sui_settings: SuiSettingsTable;
  sui_filings: SuiFilingsTable;
  recycler_member_routes: RecyclerMemberRoutesTable;
  recycler_stops: RecyclerStopsTable;
  recycler_stop_attempts: RecyclerStopAttemptsTable;
  // mail (migration 0050)
  mail_queue: MailQueueTable;
}

/** An organisation of recicladores de oficio (prestador de aprovechamiento). */
export interface RecyclerOrganizationsTable {
  id: Generated<number>;
  name: string;
  /** base-DV */
  nit: string;
  rups_id: string | null;
  regime: string;
  regime_stage: number;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface RecyclerCoordinatorsTable {
  organization_id: number;
  user_id: number;
  created_at: string;
}

export interface RecyclerServiceAreasTable {
  id: Generated<number>;
  organization_id: number;
  nuap: string;
  name: string;
  municipality_dane: string;
  created_at: string;
}

/** A point of kind ECA run by an organisation, with the SUI annex's registration fields. */
export interface RecyclerEcasTable {
  point_id: number;
  organization_id: number;
  nueca: string | null;
  service_area_id: number | null;
  operation_start: string | null;
  ownership: number | null;
  contract: number | null;
  capacity_t_month: number | null;
  storage_m3: number | null;
  storage_t: number | null;
  /** 1 yes, 0 no, null unknown */
  land_use_compatible: number | null;
  land_use_kind: string | null;
  status: number;
  status_date: string | null;
  created_at: string;
  updated_at: string;
}

export interface RecyclerMacroRoutesTable {
  id: Generated<number>;
  organization_id: number;
  numacro: string;
  name: string;
  service_area_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface RecyclerMicroRoutesTable {
  id: Generated<number>;
  macro_route_id: number;
  name: string;
  /** mo,tu,... */
  days: string;
  start_time: string;
  end_time: string;
  km: number;
  eca_point_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface RecyclerMembersTable {
  id: Generated<number>;
  organization_id: number;
  id_type: string;
  id_number: string;
  name: string;
  birth_date: string;
  id_issue_date: string;
  phone: string | null;
  address: string | null;
  municipality_dane: string;
  vehicle_type: string;
  plate: string | null;
  status: string;
  photo_file_id: number | null;
  user_id: number | null;
  card_code: string;
  consent_at: string;
  consent_recorded_by: number | null;
  created_at: string;
  updated_at: string;
}

/** The micro-routes a member works: their open pickups are the member's to take. */
export interface RecyclerMemberRoutesTable {
  member_id: number;
  micro_route_id: number;
}

/** A pickup assigned to a member, and what happened at the door. */
export interface RecyclerStopsTable {
  request_id: number;
  organization_id: number;
  member_id: number;
  micro_route_id: number | null;
  /** coordinador | miembro */
  assigned_via: string;
  assigned_by: number | null;
  assigned_at: string;
  /** null (to visit) | recogido | no-estaba */
  outcome: string | null;
  outcome_reason: string | null;
  outcome_note: string | null;
  outcome_at: string | null;
  updated_at: string;
}

/** A missed visit of a pickup ("no estaba") kept when a coordinator sent the pickup out again. */
export interface RecyclerStopAttemptsTable {
  id: Generated<number>;
  request_id: number;
  /** 1 for the first visit of the pickup, 2 for the next… */
  attempt: number;
  member_id: number;
  assigned_at: string;
  outcome_reason: string;
  outcome_note: string | null;
  outcome_at: string;
  retried_by: number | null;
  retried_at: string;
}

/** A scale of an ECA, with its legal-metrology verification. */
export interface RecyclerScalesTable {
  id: Generated<number>;
  eca_point_id: number;
  serial: string;
  capacity_kg: number;
  division_g: number;
  certificate_number: string;
  certificate_expires_on: string;
  active: number;
  created_at: string;
  updated_at: string;
}

/** A scale ticket (tiquete de báscula): one recycler's delivery weighed at an ECA. */
export interface RecyclerTicketsTable {
  id: Generated<number>;
  organization_id: number;
  eca_point_id: number;
  scale_id: number;
  member_id: number;
  operator_id: number | null;
  macro_route_id: number | null;
  micro_route_id: number | null;
  year: number;
  sequence: number;
  number: string;
  weighed_at: string;
  weighed_on: string;
  /** pendiente | confirmado | anulado */
  status: string;
  /** telefono | firma */
  confirmation: string | null;
  confirmed_at: string | null;
  confirmed_by: number | null;
  signature_file_id: number | null;
  corrects_ticket_id: number | null;
  void_reason: string | null;
  voided_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface RecyclerTicketLinesTable {
  id: Generated<number>;
  ticket_id: number;
  material_id: number;
  gross_kg: number;
  tare_kg: number;
  net_kg: number;
  reject_kg: number;
  request_id: number | null;
}

export interface RecyclerTicketPickupsTable {
  ticket_id: number;
  request_id: number;
}

/** A sale of an ECA's material to a buyer (the SUI's Toneladas aprovechadas). */
export interface RecyclerSalesTable {
  id: Generated<number>;
  organization_id: number;
  eca_point_id: number;
  buyer_id_type: string;
  buyer_id_number: string;
  buyer_name: string;
  invoice_number: string;
  invoice_date: string;
  cufe: string | null;
  created_by: number | null;
  created_at: string;
}

export interface RecyclerSaleLinesTable {
  id: Generated<number>;
  sale_id: number;
  material_id: number;
  kg: number;
  price_per_kg: number;
  vat_rate: number;
}

/** A version of the SUI annex's material codes, used by the files of `valid_from` (YYYY-MM) on. */
export interface SuiCodeVersionsTable {
  version: number;
  valid_from: string;
  note: string;
  created_by: number | null;
  created_at: string;
}

export interface SuiMaterialCodesTable {
  version: number;
  code: number;
  name: string;
  family: string;
}

/** The one SUI material code of each of the app's materials. */
export interface SuiMaterialMapTable {
  material_id: number;
  sui_code: number;
  updated_by: number | null;
  updated_at: string;
}

/** An organisation's filing settings: where its rejects go, the waste's origin and area (SUI codes). */
export interface SuiSettingsTable {
  organization_id: number;
  reject_destination: number | null;
  reject_site_number: string | null;
  waste_origin: number;
  area: number;
  updated_at: string;
}

/** A month an organisation filed: locked, with the exact files filed (JSON form → CSV). */
export interface SuiFilingsTable {
  id: Generated<number>;
  organization_id: number;
  month: string;
  code_version: number;
  files: string;
  filed_by: number | null;
  filed_at: string;
}

/** What an organisation paid a member for a month (their income from sales). */
export interface RecyclerPayoutsTable {
  id: Generated<number>;
  organization_id: number;
  member_id: number;
  month: string;
  amount_cop: number;
  note: string | null;
  created_by: number | null;
  created_at: string;
}

/** An integrator's endpoint: where events are sent and the secret that signs them. */
export interface WebhookEndpointsTable {
  id: Generated<number>;
  url: string;
  description: string;
  /** JSON array of event types. */
  events: string;
  active: number;
  /** whsec_ + base64. */
  secret: string;
  /** After a rotation, the old secret still signs until previous_secret_expires_at. */
  previous_secret: string | null;
  previous_secret_expires_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  /** Removed endpoints stay for their delivery record; nothing more is sent to them. */
  deleted_at: string | null;
}

/** One event: its id (webhook-id), type and the JSON body every endpoint receives. */
export interface WebhookEventsTable {
  id: string;
  type: string;
  payload: string;
  created_at: string;
}

/** One event for one endpoint: the webhook outbox. */
export interface WebhookDeliveriesTable {
  id: Generated<number>;
  event_id: string;
  endpoint_id: number;
  /** pending | delivered | failed */
  status: string;
  attempts: number;
  next_attempt_at: string;
  /** A worker holds the row until then; a crashed worker's rows become due again after it. */
  locked_until: string | null;
  delivered_at: string | null;
  created_at: string;
}

/** One send of a delivery and what the endpoint answered. */
export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempted_at: string;
  status_code: number | null;
  answer_excerpt: string | null;
  error: string | null;
  duration_ms: number;
}

/** One version of a material's earning rate, applied from `effective_from` (a Bogotá day). */
export interface RewardRatesTable {
  id: Generated<number>;
  material_id: number;
  points_per_kg: number;
  max_kg_per_pickup: number;
  effective_from: string;
  created_by: number | null;
  created_at: string;
}

/** An account's balance: always the sum of its ledger entries (`rewards:verify`). */
export interface RewardBalancesTable {
  user_id: number;
  balance: number;
  updated_at: string;
}

/** One append-only movement of points, signed, with what caused it. */
export interface RewardLedgerTable {
  id: Generated<number>;
  user_id: number;
  /** earned | redeemed | reversed | expired | adjusted */
  kind: string;
  points: number;
  /** pickup | redemption | hold | adjustment | expiry */
  cause_type: string;
  cause_id: string;
  description: string;
  reason: string | null;
  created_by: number | null;
  /** Bogotá month, YYYY-MM. */
  month: string;
  created_at: string;
}

/** A pickup's points waiting for staff review (a plausibility bound was passed). */
export interface RewardHoldsTable {
  id: Generated<number>;
  user_id: number;
  request_id: number;
  points: number;
  description: string;
  /** JSON array of Spanish reasons. */
  reasons: string;
  /** pending | approved | rejected | superseded */
  status: string;
  reviewed_by: number | null;
  reviewed_at: string | null;
  review_note: string | null;
  created_at: string;
}

/** An ally's offer; shown once staff approve it. */
export interface RewardOffersTable {
  id: Generated<number>;
  ally_id: number;
  title: string;
  terms: string;
  picture_file_id: number | null;
  cost_points: number;
  stock: number;
  valid_from: string;
  valid_to: string;
  per_person_limit: number;
  /** pending | approved | rejected */
  status: string;
  review_note: string | null;
  reviewed_by: number | null;
  reviewed_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A redemption: points and a unit of stock reserved behind a single-use code. */
export interface RewardRedemptionsTable {
  id: Generated<number>;
  code: string;
  offer_id: number;
  user_id: number;
  points: number;
  /** reserved | confirmed | expired */
  status: string;
  expires_at: string;
  confirmed_at: string | null;
  confirmed_by: number | null;
  created_at: string;
}

/** An account that confirms redemptions at an ally's counter. */
export interface RewardAllyStaffTable {
  user_id: number;
  ally_id: number;
  created_at: string;
}

/** A company head's choice of where its points go (no row: the head's balance). */
export interface RewardCompanyModesTable {
  company_id: number;
  /** head | branches */
  points_to: string;
  updated_by: number | null;
  updated_at: string;
}

/** One gapless consecutive: the last number given of `name` in `year` (db/sequence.ts). */
export interface SequencesTable {
  name: string;
  year: number;
  last_value: number;
}

export interface AppSettingTable {
  key: string;
  value: string;
  updated_at: string;
}

export interface UsersTable {
  id: Generated<number>;
  /** Lower-cased; unique. */
  email: string;
  /** argon2id PHC string; null for social-only accounts. */
  password_hash: string | null;
  /** 1 point manager, 2 household, 3 company (spec §1). */
  tc_id: number;
  /** The company head's user id for a branch; null otherwise. */
  id_empresa: number | null;
  is_admin: Generated<number>;
  /** Display name: person's full name or razón social. */
  name: string;
  first_name: string | null;
  last_name: string | null;
  company_name: string | null;
  contact_name: string | null;
  /** CC | CE | PP | NIT */
  document_type: string | null;
  document_number: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  lat: number | null;
  lng: number | null;
  email_verified_at: string | null;
  /** When the phone was confirmed by SMS code; cleared when the number changes. */
  phone_verified_at: string | null;
  data_policy_version: string | null;
  data_policy_accepted_at: string | null;
  /** 0 = deactivated (cannot log in; history stays). */
  active: Generated<number>;
  /** 1 = the password was generated for the account: it must set its own before anything else. */
  must_change_password: Generated<number>;
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface FilesTable {
  id: Generated<number>;
  /** Public random id used in URLs (never the sequential one). */
  public_id: string;
  owner_id: number | null;
  /** image | document */
  kind: string;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  /** Key inside the storage backend. */
  storage_key: string;
  /** 1 = anyone may read it (campaign images, logos); 0 = owner and staff only. */
  is_public: Generated<number>;
  created_at: string;
}

// ---- content and back office (migration 0004) ----

export interface AlliesTable {
  id: Generated<number>;
  /** aliado | adherido */
  kind: string;
  name: string;
  logo_file_id: number | null;
  category: string;
  description: string;
  benefits: string;
  website: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  lat: number | null;
  lng: number | null;
  published: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** An ally's points of sale (migration 0063). */
export interface AllyPointsOfSaleTable {
  id: Generated<number>;
  ally_id: number;
  name: string;
  address: string;
  city: string | null;
  lat: number;
  lng: number;
  created_at: string;
  updated_at: string;
}

export interface CampaignsTable {
  id: Generated<number>;
  title: string;
  summary: string;
  body: string;
  image_file_id: number | null;
  starts_at: string;
  ends_at: string;
  /** A point of the points feature (no foreign key: that table belongs to another migration). */
  point_id: number | null;
  place_name: string | null;
  address: string | null;
  city: string | null;
  lat: number | null;
  lng: number | null;
  organiser_ally_id: number | null;
  /** Points each person whose attendance the organiser confirms earns once (0 = no bonus). */
  reward_bonus_points: Generated<number>;
  published: Generated<number>;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface CampaignMaterialsTable {
  campaign_id: number;
  material_code: string;
}

export interface CampaignParticipantsTable {
  campaign_id: number;
  user_id: number;
  joined_at: string;
  /** When the organiser confirmed the person attended (after the campaign's day); null until then. */
  attended_at: string | null;
  attendance_confirmed_by: number | null;
}

export interface FaqItemsTable {
  id: Generated<number>;
  question: string;
  answer: string;
  position: Generated<number>;
  published: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  /** Who acted when no account did (migration 0042): `cli:<OS user>`. */
  actor_label: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before_json: string | null;
  after_json: string | null;
  created_at: string;
}

// ---- PQR (migration 0005) ----

export interface PqrTable {
  id: Generated<number>;
  /** PQR-YYYY-NNNNNN */
  radicado: string;
  year: number;
  sequence: number;
  type: string;
  /** consulta | reclamo, for datos_personales only. */
  personal_data_kind: string | null;
  subject: string;
  description: string;
  requester_user_id: number | null;
  name: string;
  document_type: string;
  document_number: string;
  /** Lower-cased. */
  email: string;
  phone: string | null;
  answer_channel: string;
  status: string;
  filed_at: string;
  /** YYYY-MM-DD (Bogotá): the business day the filing counts as received. */
  received_on: string;
  term_days: number;
  original_due_date: string;
  /** YYYY-MM-DD; null while the clock is stopped (pendiente_informacion). */
  due_date: string | null;
  transfer_due_date: string;
  extension_reason: string | null;
  extended_at: string | null;
  extension_previous_due_date: string | null;
  paused_on: string | null;
  paused_business_days_left: number | null;
  information_request: string | null;
  information_requested_at: string | null;
  assigned_to: number | null;
  answer_text: string | null;
  answered_at: string | null;
  answered_by: number | null;
  transfer_entity: string | null;
  transfer_reason: string | null;
  transferred_at: string | null;
  closed_at: string | null;
  data_policy_accepted_at: string;
  created_at: string;
  updated_at: string;
}

export interface PqrEventTable {
  id: Generated<number>;
  pqr_id: number;
  kind: string;
  from_status: string | null;
  to_status: string | null;
  actor_user_id: number | null;
  actor_name: string;
  message: string | null;
  internal: Generated<number>;
  created_at: string;
}

export interface PqrAttachmentTable {
  id: Generated<number>;
  pqr_id: number;
  event_id: number | null;
  file_id: number;
  /** request | answer | information */
  role: string;
  created_at: string;
}

export interface PqrUploadTable {
  id: Generated<number>;
  file_id: number;
  key_hash: string;
  created_at: string;
}

export interface PqrCalendarDayTable {
  /** YYYY-MM-DD */
  date: string;
  is_working: number;
  reason: string;
  created_by: number | null;
  created_at: string;
}

// ---- waste points (migration 0003) ----

export interface MaterialsTable {
  id: Generated<number>;
  code: string;
  parent_code: string | null;
  name_es: string;
  name_en: string;
  /** blanco | negro | verde (Resolución 2184 de 2019); null for post-consumer streams. */
  bin_color: string | null;
  /** Space-separated OSM `recycling:*` keys. */
  osm_keys: string;
  keywords: string;
  /** Bit in points.materials_mask. */
  bit: number;
  sort: number;
  created_at: string;
  /** 1 = offered in public listings; 0 = deactivated by an admin (codes stay valid). Migration 0008. */
  active: Generated<number>;
}

export interface PointsTable {
  id: Generated<number>;
  name: string;
  /** punto-limpio | eca | centro-acopio | contenedor-publico | punto-posconsumo */
  kind: string;
  address: string;
  city: string;
  lat: number;
  lng: number;
  /** OSM opening_hours syntax. */
  opening_hours: string | null;
  phone: string | null;
  photo_url: string | null;
  operator: string | null;
  materials_mask: number;
  search_text: string;
  active: Generated<number>;
  /** manual | osm | demo | generated */
  source: string;
  /** `node/123`, `way/45` for imported points. */
  osm_id: string | null;
  is_demo: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface PointMaterialsTable {
  point_id: number;
  material_id: number;
}

export interface PointManagersTable {
  point_id: number;
  user_id: number;
  created_at: string;
}

export interface ContainersTable {
  id: Generated<number>;
  point_id: number;
  material_id: number;
  capacity_l: number;
  fill_level: number;
  /** en-servicio | en-mantenimiento | fuera-de-servicio */
  status: string;
  last_emptied_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ContainerReadingsTable {
  id: Generated<number>;
  container_id: number;
  /** fill | emptying */
  kind: string;
  fill_level: number;
  kg: number | null;
  user_id: number | null;
  created_at: string;
}

// ---- identity (migration 0002) ----

/** One login: the refresh-token family; its id is the access token's `sid`. */
export interface SessionsTable {
  id: string;
  user_id: number;
  /** password | the social provider's name */
  auth_method: Generated<string>;
  created_at: string;
  last_used_at: string;
  /** Absolute end (30 days after login); refreshing never extends it. */
  expires_at: string;
  revoked_at: string | null;
  /** logout | revoked | password-change | password-reset | refresh-reuse | account-deleted */
  revoked_reason: string | null;
  user_agent: string | null;
  ip: string | null;
}

export interface RefreshTokensTable {
  id: Generated<number>;
  session_id: string;
  /** SHA-256 (hex) of the opaque token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  expires_at: string;
  /** Set when exchanged; presenting it again revokes the whole session (reuse detection). */
  used_at: string | null;
}

/** Single-use links: password reset and e-mail verification. */
export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  /** reset-password | verify-email */
  purpose: string;
  token_hash: string;
  /** The address the link was sent to (verification only counts for that address). */
  email: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Push devices (`playerId`, spec §3), linked to a user at login. */
export interface DevicesTable {
  id: Generated<number>;
  user_id: number | null;
  /** The session that linked it; the device is unlinked when that session ends. */
  session_id: string | null;
  player_id: string;
  /** webpush | fcm | apns; null until the device registers for notifications. */
  kind: string | null;
  /** Push subscription (JSON) for web push. */
  subscription: string | null;
  /** Web Push endpoint or FCM registration token: one device each (migration 0012). */
  endpoint: string | null;
  user_agent: string | null;
  created_at: string;
  last_seen_at: string;
}

/** Consent record (Ley 1581 de 2012): what was accepted, which version, when. */
export interface ConsentsTable {
  id: Generated<number>;
  user_id: number;
  /** data-policy */
  kind: string;
  version: string;
  accepted_at: string;
  withdrawn_at: string | null;
  ip: string | null;
  user_agent: string | null;
}

// ---- pickup requests, notifications, live updates, branches (migration 0006) ----

export interface PickupRequestsTable {
  id: Generated<number>;
  requester_id: number;
  /** The company head's id for a head or a branch; null for households. */
  company_id: number | null;
  point_id: number;
  /** pendiente | aceptada | programada | recogida | rechazada | cancelada */
  status: string;
  address: string;
  lat: number;
  lng: number;
  /** YYYY-MM-DD (Bogotá). */
  preferred_date: string;
  /** manana | tarde | todo-el-dia */
  time_window: string;
  /** YYYY-MM-DD (Bogotá): the scheduled day once programmed, else the preferred day. */
  pickup_date: string;
  notes: string | null;
  scheduled_at: string | null;
  rejection_reason: string | null;
  cancellation_reason: string | null;
  collected_at: string | null;
  total_estimated_kg: Generated<number>;
  total_actual_kg: number | null;
  created_at: string;
  updated_at: string;
}

export interface PickupRequestItemsTable {
  id: Generated<number>;
  request_id: number;
  material_id: number;
  estimated_kg: number | null;
  units: number | null;
  actual_kg: number | null;
  requester_id: number;
  company_id: number | null;
  point_id: number;
  collected_at: string | null;
  /** YYYY-MM-DD (Bogotá) of the collection. */
  collected_on: string | null;
}

export interface PickupRequestPhotosTable {
  request_id: number;
  file_id: number;
  position: number;
}

export interface PickupRequestEventsTable {
  id: Generated<number>;
  request_id: number;
  from_status: string | null;
  to_status: string;
  actor_id: number | null;
  actor_name: string;
  note: string | null;
  scheduled_at: string | null;
  created_at: string;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  body: string;
  link: string | null;
  read_at: string | null;
  created_at: string;
  /** request | pqr | report | container | campaign | certificate | broadcast | general (migration 0012). */
  kind: Generated<string>;
  /** The staff broadcast it came from (migration 0012). */
  broadcast_id: number | null;
}

export interface EventsTicketsTable {
  ticket_hash: string;
  user_id: number;
  session_id: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface BranchInvitationsTable {
  id: Generated<number>;
  branch_id: number;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_by: number | null;
  created_at: string;
}

// ---- social sign-in (migration 0007) ----

export interface SocialIdentitiesTable {
  id: Generated<number>;
  /** Provider id from OIDC_PROVIDERS (`google`, `apple`...). */
  provider: string;
  /** The provider's stable `sub` claim. */
  subject: string;
  /** The account; null while the first sign-in waits for complete-client / complete-company. */
  user_id: number | null;
  email: string | null;
  email_verified: number;
  given_name: string | null;
  family_name: string | null;
  created_at: string;
  updated_at: string;
  linked_at: string | null;
  last_login_at: string | null;
}

export interface SocialAuthRequestsTable {
  /** SHA-256 of the `state` sent to the provider. */
  state_hash: string;
  provider: string;
  code_verifier: string;
  nonce: string;
  /** SHA-256 of the browser-binding cookie set at start. */
  browser_hash: string;
  /** client | company: the completion screen a first sign-in lands on. */
  kind: string | null;
  /** The Android/iOS app's PKCE challenge (S256): the result goes to its deep link (migration 0031). */
  native_challenge: Generated<string | null>;
  created_at: string;
  expires_at: string;
}

export interface SocialTicketsTable {
  /** SHA-256 of the one-time code or ticket. */
  token_hash: string;
  /** login (one-time login code) | complete (completion ticket) */
  purpose: string;
  identity_id: number;
  kind: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface SchemeMonthlyKgTable {
  /** YYYY-MM, the Bogotá month of `collected_on` */
  month: string;
  material_id: number;
  kg: number;
}

export interface ImpactFactorsTable {
  id: Generated<number>;
  code: string;
  /** material | equivalence */
  kind: string;
  factor: number;
  reference_name: string;
  source: string;
  source_table: string;
  version: string;
  updated_by: number | null;
  updated_at: string;
}

export interface CertificatesTable {
  id: Generated<number>;
  number: string;
  year: number;
  sequence: number;
  holder_user_id: number;
  company_id: number | null;
  branch_id: number | null;
  period_from: string;
  period_to: string;
  content_json: string;
  total_kg: number;
  co2e_kg: number;
  code_hash: string;
  pdf: Buffer;
  pdf_sha256: string;
  pdf_size: number;
  /** valido | anulado */
  status: string;
  issued_by: number | null;
  issued_at: string;
  annulled_at: string | null;
  annulled_by: number | null;
  annul_reason: string | null;
}

export interface PhoneCodesTable {
  id: Generated<number>;
  user_id: number;
  /** The 10-digit Colombian mobile the code went to (becomes the profile's phone on success). */
  phone: string;
  /** HMAC-SHA256 of the code under the server secret: 6 digits alone are too few to hash plainly. */
  code_hash: string;
  /** Wrong and right tries so far (at most PHONE_CODE_MAX_TRIES). */
  attempts: Generated<number>;
  created_at: string;
  expires_at: string;
  /** Set once the provider accepted the SMS; a failed send deletes the row. */
  sent_at: string | null;
  used_at: string | null;
}

// ---- Incident reports (migration 0010) ----

/** Staff-editable report categories (migration 0023); `code` is immutable. */
export interface ReportCategoriesTable {
  code: string;
  label: string;
  description: string;
  asks_container: number;
  position: number;
  active: number;
  created_at: string;
  updated_at: string;
}

export interface ReportsTable {
  id: Generated<number>;
  /** REP-YYYY-NNNNNN */
  number: string;
  year: number;
  sequence: number;
  category: string;
  status: string;
  description: string;
  lat: number;
  lng: number;
  point_id: number | null;
  container_id: number | null;
  reporter_id: number | null;
  reporter_name: string;
  reporter_email: string | null;
  reporter_phone: string | null;
  /** app | open311 */
  source: string;
  address: string | null;
  media_url: string | null;
  duplicate_of_id: number | null;
  status_notes: string | null;
  assigned_to: number | null;
  resolved_at: string | null;
  closed_at: string | null;
  follow_up_sent_at: string | null;
  /** si | no */
  follow_up_answer: string | null;
  follow_up_answered_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ReportPhotosTable {
  report_id: number;
  file_id: number;
  position: number;
  hidden: Generated<number>;
}

export interface ReportEventsTable {
  id: Generated<number>;
  report_id: number;
  kind: string;
  from_status: string | null;
  to_status: string | null;
  actor_id: number | null;
  actor_name: string;
  message: string | null;
  internal: Generated<number>;
  created_at: string;
}

export interface ReportFollowersTable {
  report_id: number;
  user_id: number;
  created_at: string;
}

export interface Open311KeysTable {
  id: Generated<number>;
  name: string;
  key_hash: string;
  created_by: number | null;
  created_at: string;
  revoked_at: string | null;
  last_used_at: string | null;
}

// ---- idempotency keys (migration 0015) ----

export interface IdempotencyKeysTable {
  /** `u:<user id>` for a logged-in caller, `anon` otherwise (the key itself is random). */
  scope: string;
  idempotency_key: string;
  method: string;
  /** The route's URL pattern, e.g. `/back/api/v1/pqr`. */
  route: string;
  /** SHA-256 of method, route and JSON body: the same key with another body is refused. */
  request_hash: string;
  /** pending (first request running) | done (answer stored) */
  state: string;
  /** Random token of the request that holds the row (the one allowed to store or release it). */
  owner: string;
  response_status: number | null;
  response_type: string | null;
  response_body: string | null;
  created_at: string;
  /** A pending row older than this was abandoned (crash): a retry may take it over. */
  locked_until: string;
  expires_at: string;
}

// ---- push notifications (migration 0012) ----

/** The delivery outbox: written with the notification record, drained by the worker. */
export interface NotificationDeliveriesTable {
  id: Generated<number>;
  notification_id: number;
  /** push | email */
  channel: string;
  device_id: number | null;
  /** pending | sent | failed | gone | skipped */
  status: string;
  attempts: Generated<number>;
  /** Not before this instant (quiet hours, retry back-off). */
  next_attempt_at: string;
  /** A worker holds the row until then; a crashed worker's rows become due again after it. */
  locked_until: string | null;
  sent_at: string | null;
  clicked_at: string | null;
  last_error: string | null;
  broadcast_id: number | null;
  created_at: string;
}

export interface NotificationPreferencesTable {
  user_id: number;
  kind: string;
  /** push | email */
  channel: string;
  enabled: number;
  updated_at: string;
}

export interface NotificationSettingsTable {
  user_id: number;
  quiet_enabled: number;
  /** HH:MM (Bogotá). */
  quiet_start: string;
  quiet_end: string;
  updated_at: string;
}

export interface NotificationBroadcastsTable {
  id: Generated<number>;
  title: string;
  body: string;
  link: string | null;
  /** all | tc_id | city */
  audience: string;
  audience_value: string | null;
  send_at: string;
  /** scheduled | sent | cancelled */
  status: string;
  recipients: Generated<number>;
  created_by: number | null;
  created_at: string;
  sent_at: string | null;
}

export interface NotificationJobsTable {
  key: string;
  done_at: string;
}

/** An e-mail waiting to be sent (or given up); deleted once sent. */
export interface MailQueueTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  /** pending | failed */
  status: string;
  attempts: number;
  next_attempt_at: string;
  locked_until: string | null;
  last_error: string | null;
  created_at: string;
}
