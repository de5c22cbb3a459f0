/**
 * JSON Schemas of the GeoReport v2 answers, written from the field tables of the specification
 * (http://wiki.open311.org/GeoReport_v2): every field, its type, the required set and the status
 * enum. The tests validate each JSON answer and each XML answer (read into the same shape)
 * against them. Test support only.
 */

const ISO_8601_WITH_OFFSET = '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d+)?([+-]\\d{2}:\\d{2}|Z)$';
const text = { type: ['string', 'null'] };
const bool = { type: 'boolean' };

export const discoverySchema = {
  type: 'object',
  required: ['changeset', 'contact', 'key_service', 'endpoints'],
  additionalProperties: false,
  properties: {
    changeset: { type: 'string', pattern: ISO_8601_WITH_OFFSET },
    contact: { type: 'string' },
    key_service: { type: 'string' },
    endpoints: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['specification', 'url', 'changeset', 'type', 'formats'],
        additionalProperties: false,
        properties: {
          specification: { const: 'http://wiki.open311.org/GeoReport_v2' },
          url: { type: 'string', pattern: '^https?://' },
          changeset: { type: 'string', pattern: ISO_8601_WITH_OFFSET },
          type: { enum: ['production', 'test'] },
          formats: { type: 'array', minItems: 1, items: { enum: ['text/xml', 'application/json'] } },
        },
      },
    },
  },
} as const;

export const servicesSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['service_code', 'service_name', 'description', 'metadata', 'type', 'keywords', 'group'],
    additionalProperties: false,
    properties: {
      service_code: { type: 'string', minLength: 1 },
      service_name: { type: 'string', minLength: 1 },
      description: text,
      metadata: bool,
      type: { enum: ['realtime', 'batch', 'blackbox'] },
      keywords: text,
      group: text,
    },
  },
} as const;

export const serviceDefinitionSchema = {
  type: 'object',
  required: ['service_code', 'attributes'],
  additionalProperties: false,
  properties: {
    service_code: { type: 'string', minLength: 1 },
    attributes: {
      type: 'array',
      items: {
        type: 'object',
        required: ['variable', 'code', 'datatype', 'required', 'datatype_description', 'order', 'description'],
        additionalProperties: false,
        properties: {
          variable: bool,
          code: { type: 'string', minLength: 1 },
          datatype: { enum: ['string', 'number', 'datetime', 'text', 'singlevaluelist', 'multivaluelist'] },
          required: bool,
          datatype_description: text,
          order: { type: 'integer', minimum: 0 },
          description: { type: 'string' },
          values: {
            type: 'array',
            items: {
              type: 'object',
              required: ['key', 'name'],
              additionalProperties: false,
              properties: { key: { type: 'string' }, name: { type: 'string' } },
            },
          },
        },
      },
    },
  },
} as const;

export const serviceRequestsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['service_request_id', 'status', 'service_code', 'requested_datetime', 'lat', 'long'],
    additionalProperties: false,
    properties: {
      service_request_id: { type: 'string', minLength: 1 },
      status: { enum: ['open', 'closed'] },
      status_notes: text,
      service_name: text,
      service_code: { type: 'string', minLength: 1 },
      description: text,
      agency_responsible: text,
      service_notice: text,
      requested_datetime: { type: 'string', pattern: ISO_8601_WITH_OFFSET },
      updated_datetime: { anyOf: [{ type: 'string', pattern: ISO_8601_WITH_OFFSET }, { type: 'null' }] },
      expected_datetime: { anyOf: [{ type: 'string', pattern: ISO_8601_WITH_OFFSET }, { type: 'null' }] },
      address: text,
      address_id: text,
      zipcode: text,
      lat: { type: 'number', minimum: -90, maximum: 90 },
      long: { type: 'number', minimum: -180, maximum: 180 },
      media_url: text,
    },
  },
} as const;

/** POST requests answer: the id (or a token when the id comes later), a notice, the account. */
export const postRequestSchema = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    anyOf: [{ required: ['service_request_id'] }, { required: ['token'] }],
    additionalProperties: false,
    properties: {
      service_request_id: { type: 'string', minLength: 1 },
      token: { type: 'string' },
      service_notice: text,
      account_id: text,
    },
  },
} as const;

export const errorsSchema = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    required: ['code', 'description'],
    additionalProperties: false,
    properties: { code: { type: 'integer' }, description: { type: 'string', minLength: 1 } },
  },
} as const;
