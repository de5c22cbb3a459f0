import { CreateBucketCommand, GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import S3rver from 's3rver';
import type { S3Config } from '../src/config.js';

/**
 * A local S3 for tests: s3rver (a third-party implementation of the S3 REST API) behind a
 * layer that checks every request's AWS Signature Version 4 the way S3 does. s3rver alone
 * accepts any V4 signature ("Signature version 4 calculation is unimplemented" in its
 * authentication middleware), which would let a wrongly signing client pass.
 *
 * The check follows the AWS documentation "Authenticating Requests: Using the Authorization
 * Header (AWS Signature Version 4)":
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html
 * and is tested against that page's worked examples (s3-stand-in.test.ts).
 */

const ALGORITHM = 'AWS4-HMAC-SHA256';
const EMPTY_SHA256 = createHash('sha256').update('').digest('hex');
/** S3 refuses requests whose x-amz-date is further than this from its clock. */
const MAX_SKEW_MS = 15 * 60 * 1000;

export type SignedRequest = {
  method: string;
  /** Path and query exactly as sent (`/bucket/a%20b.png?x-id=PutObject`). */
  url: string;
  /** Header name/value pairs as received (Node's `rawHeaders`, paired). */
  headers: Array<[string, string]>;
  body: Buffer;
};

export type Verdict =
  | { ok: true; accessKeyId: string }
  | { ok: false; status: number; code: string; message: string; canonicalRequest?: string; stringToSign?: string };

export type VerifyOptions = {
  /** Access key id → secret access key. */
  credentials: Map<string, string>;
  region: string;
  now?: Date;
};

const fail = (status: number, code: string, message: string, extra: Partial<Verdict> = {}): Verdict =>
  ({ ok: false, status, code, message, ...extra }) as Verdict;

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ */
function uriEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** S3 encodes each path segment once (other services encode twice). */
function canonicalUri(rawPath: string): string {
  return rawPath
    .split('/')
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join('/');
}

function canonicalQuery(rawQuery: string): string {
  if (!rawQuery) return '';
  return rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = eq < 0 ? pair : pair.slice(0, eq);
      const value = eq < 0 ? '' : pair.slice(eq + 1);
      return [uriEncode(decodeURIComponent(name)), uriEncode(decodeURIComponent(value))] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');

/** Verifies the x-amz-checksum-* header the client may send; null = fine or absent. */
function checksumProblem(headers: Map<string, string[]>, body: Buffer): Verdict | null {
  for (const [name, values] of headers) {
    if (!name.startsWith('x-amz-checksum-') || name === 'x-amz-checksum-mode') continue;
    const algorithm = name.slice('x-amz-checksum-'.length);
    let expected: string;
    if (algorithm === 'crc32') {
      const b = Buffer.alloc(4);
      b.writeUInt32BE(crc32(body));
      expected = b.toString('base64');
    } else if (algorithm === 'sha1' || algorithm === 'sha256') {
      expected = createHash(algorithm).update(body).digest('base64');
    } else {
      return fail(501, 'NotImplemented', `The S3 stand-in cannot check ${name}.`);
    }
    if (values[0] !== expected)
      return fail(
        400,
        'BadDigest',
        `The ${algorithm.toUpperCase()} you specified did not match the calculated checksum.`,
      );
  }
  const md5 = headers.get('content-md5')?.[0];
  if (md5 && md5 !== createHash('md5').update(body).digest('base64')) {
    return fail(400, 'BadDigest', 'The Content-MD5 you specified did not match what we received.');
  }
  return null;
}

/** Recomputes the request's Signature Version 4 and compares it with the one it carries. */
export function verifySigV4(req: SignedRequest, options: VerifyOptions): Verdict {
  const headers = new Map<string, string[]>();
  for (const [name, value] of req.headers) {
    const key = name.toLowerCase();
    headers.set(key, [...(headers.get(key) ?? []), value]);
  }
  const header = (name: string) => headers.get(name)?.join(',');

  const authorization = header('authorization');
  if (!authorization) return fail(403, 'AccessDenied', 'Access Denied');
  const match = /^AWS4-HMAC-SHA256 (.+)$/.exec(authorization);
  if (!match) return fail(400, 'InvalidArgument', 'Unsupported Authorization Type');
  const parts = new Map(
    match[1]!.split(',').map((p) => {
      const s = p.trim();
      const eq = s.indexOf('=');
      return [s.slice(0, eq), s.slice(eq + 1)] as const;
    }),
  );
  const credential = parts.get('Credential')?.split('/');
  const signedHeaders = parts.get('SignedHeaders')?.split(';');
  const signature = parts.get('Signature');
  if (
    !credential ||
    credential.length !== 5 ||
    credential[4] !== 'aws4_request' ||
    !signedHeaders ||
    !signature ||
    !/^[0-9a-f]{64}$/.test(signature)
  ) {
    return fail(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed.');
  }
  const [accessKeyId, scopeDate, region, service] = credential as [string, string, string, string, string];
  const secret = options.credentials.get(accessKeyId);
  if (secret === undefined)
    return fail(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  if (region !== options.region || service !== 's3') {
    return fail(
      400,
      'AuthorizationHeaderMalformed',
      `The authorization header is malformed; the region '${region}' is wrong; expecting '${options.region}'`,
    );
  }

  const amzDate = header('x-amz-date');
  if (!amzDate || !/^\d{8}T\d{6}Z$/.test(amzDate))
    return fail(403, 'AccessDenied', 'AWS authentication requires a valid x-amz-date header');
  if (amzDate.slice(0, 8) !== scopeDate)
    return fail(400, 'AuthorizationHeaderMalformed', 'The credential date does not match x-amz-date.');
  const signedAt = Date.parse(
    `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
  );
  if (Math.abs((options.now ?? new Date()).getTime() - signedAt) > MAX_SKEW_MS) {
    return fail(
      403,
      'RequestTimeTooSkewed',
      'The difference between the request time and the current time is too large.',
    );
  }

  const sorted = [...signedHeaders].sort();
  if (!signedHeaders.includes('host') || signedHeaders.some((h, i) => h !== h.toLowerCase() || h !== sorted[i])) {
    return fail(400, 'AuthorizationHeaderMalformed', 'SignedHeaders must be sorted, lower-case and include host.');
  }
  const unsigned = [...headers.keys()].filter((h) => h.startsWith('x-amz-') && !signedHeaders.includes(h));
  if (unsigned.length)
    return fail(
      403,
      'AccessDenied',
      `There were headers present in the request which were not signed: ${unsigned.join(', ')}`,
    );

  const payloadHash = header('x-amz-content-sha256');
  if (!payloadHash)
    return fail(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  if (/^[0-9a-f]{64}$/.test(payloadHash)) {
    if (payloadHash !== sha256Hex(req.body)) {
      return fail(
        400,
        'XAmzContentSHA256Mismatch',
        "The provided 'x-amz-content-sha256' header does not match what was computed.",
      );
    }
  } else if (payloadHash !== 'UNSIGNED-PAYLOAD') {
    // STREAMING-* (aws-chunked bodies): not what our client sends; refuse loudly rather than guess.
    return fail(501, 'NotImplemented', `The S3 stand-in does not support x-amz-content-sha256: ${payloadHash}`);
  }
  const checksum = checksumProblem(headers, req.body);
  if (checksum) return checksum;

  const q = req.url.indexOf('?');
  const rawPath = q < 0 ? req.url : req.url.slice(0, q);
  const rawQuery = q < 0 ? '' : req.url.slice(q + 1);
  const canonicalHeaders = signedHeaders
    .map((name) => `${name}:${(headers.get(name) ?? []).map((v) => v.trim().replace(/\s+/g, ' ')).join(',')}\n`)
    .join('');
  const canonicalRequest = [
    req.method,
    canonicalUri(rawPath),
    canonicalQuery(rawQuery),
    canonicalHeaders,
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${scopeDate}/${region}/${service}/aws4_request`;
  const stringToSign = [ALGORITHM, amzDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, scopeDate), region), service), 'aws4_request');
  const expected = Buffer.from(hmac(signingKey, stringToSign).toString('hex'));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return fail(
      403,
      'SignatureDoesNotMatch',
      'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
      { canonicalRequest, stringToSign },
    );
  }
  return { ok: true, accessKeyId };
}

const xmlEscape = (s: string) => s.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

function sendS3Error(res: http.ServerResponse, method: string, verdict: Extract<Verdict, { ok: false }>): void {
  const body =
    '<?xml version="1.0" encoding="UTF-8"?>\n<Error>' +
    `<Code>${verdict.code}</Code><Message>${xmlEscape(verdict.message)}</Message>` +
    (verdict.stringToSign ? `<StringToSign>${xmlEscape(verdict.stringToSign)}</StringToSign>` : '') +
    (verdict.canonicalRequest ? `<CanonicalRequest>${xmlEscape(verdict.canonicalRequest)}</CanonicalRequest>` : '') +
    `<RequestId>${randomBytes(8).toString('hex').toUpperCase()}</RequestId></Error>`;
  res.writeHead(verdict.status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body) });
  res.end(method === 'HEAD' ? undefined : body);
}

export type S3StandIn = {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Requests that passed the signature check and reached s3rver, and those refused. */
  counts: { verified: number; refused: number };
  /** The codes of the refused requests, in order (SignatureDoesNotMatch...). */
  refusals: string[];
  /** The app's S3 settings for this stand-in (path-style, like MinIO). */
  config(overrides?: Partial<S3Config>): S3Config;
  /** A client with the right credentials, to look into the bucket from a test. */
  client(): S3Client;
  /** Revokes the access key: every later request gets InvalidAccessKeyId (403). */
  revokeKey(): void;
  close(): Promise<void>;
};

function listen(server: http.Server): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/** Starts s3rver and the verifying layer on random loopback ports, with one empty bucket. */
export async function startS3StandIn(options: { bucket?: string; region?: string } = {}): Promise<S3StandIn> {
  const region = options.region ?? 'us-east-1';
  const bucket = options.bucket ?? 'puntoverde-test';
  // s3rver knows this one key pair; its own (V2-only) check is irrelevant behind ours.
  const accessKeyId = 'S3RVER';
  const secretAccessKey = 'S3RVER';
  const credentials = new Map([[accessKeyId, secretAccessKey]]);
  const directory = mkdtempSync(path.join(tmpdir(), 'puntoverde-s3-'));
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, resetOnClose: true });
  const { port: backendPort } = await s3rver.run();

  const counts = { verified: 0, refused: 0 };
  const refusals: string[] = [];
  const front = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const headers: Array<[string, string]> = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) headers.push([req.rawHeaders[i]!, req.rawHeaders[i + 1]!]);
      const verdict = verifySigV4(
        { method: req.method ?? 'GET', url: req.url ?? '/', headers, body },
        { credentials, region },
      );
      if (!verdict.ok) {
        counts.refused++;
        refusals.push(verdict.code);
        sendS3Error(res, req.method ?? 'GET', verdict);
        return;
      }
      counts.verified++;
      const upstream = http.request(
        { host: '127.0.0.1', port: backendPort, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', (err) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(String(err));
      });
      upstream.end(body);
    });
  });
  const port = await listen(front);
  const endpoint = `http://127.0.0.1:${port}`;

  const config = (overrides: Partial<S3Config> = {}): S3Config => ({
    bucket,
    region,
    endpoint,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: true,
    prefix: '',
    ...overrides,
  });
  const clients: S3Client[] = [];
  const client = () => {
    const c = new S3Client({
      region,
      endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId, secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    clients.push(c);
    return c;
  };
  await client().send(new CreateBucketCommand({ Bucket: bucket }));

  return {
    endpoint,
    region,
    bucket,
    accessKeyId,
    secretAccessKey,
    counts,
    refusals,
    config,
    client,
    revokeKey: () => credentials.delete(accessKeyId),
    close: async () => {
      for (const c of clients) c.destroy();
      front.closeAllConnections();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await s3rver.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export { EMPTY_SHA256 };

/** The keys in the stand-in's bucket under `prefix`. */
export async function objectKeys(s3: S3StandIn, prefix = ''): Promise<string[]> {
  const res = await s3.client().send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
  return (res.Contents ?? []).map((o) => o.Key ?? '');
}

/** The bytes of one object in the stand-in's bucket. */
export async function objectBytes(s3: S3StandIn, key: string): Promise<Buffer> {
  const res = await s3.client().send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await res.Body!.transformToByteArray());
}
