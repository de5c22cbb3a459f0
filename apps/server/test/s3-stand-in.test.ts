import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { EMPTY_SHA256, verifySigV4, type SignedRequest } from './s3-stand-in.js';

/**
 * The stand-in's signature check against the worked examples of the AWS documentation
 * (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-header-based-auth.html): same
 * credentials, date and requests; the signatures there must verify, and any change must not.
 */
describe('S3 stand-in signature check', () => {
  const credentials = new Map([['AKIAIOSFODNN7EXAMPLE', 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY']]);
  const options = { credentials, region: 'us-east-1', now: new Date('2013-05-24T00:00:00Z') };
  const host = 'examplebucket.s3.amazonaws.com';
  const authorization = (signedHeaders: string, signature: string) =>
    `AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=${signedHeaders},Signature=${signature}`;

  const getObject = (): SignedRequest => ({
    method: 'GET',
    url: '/test.txt',
    headers: [
      ['Host', host],
      ['Range', 'bytes=0-9'],
      ['x-amz-content-sha256', EMPTY_SHA256],
      ['x-amz-date', '20130524T000000Z'],
      [
        'Authorization',
        authorization(
          'host;range;x-amz-content-sha256;x-amz-date',
          'f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
        ),
      ],
    ],
    body: Buffer.alloc(0),
  });

  const putObject = (): SignedRequest => {
    const body = Buffer.from('Welcome to Amazon S3.');
    return {
      method: 'PUT',
      url: '/test%24file.text',
      headers: [
        ['Host', host],
        ['Date', 'Fri, 24 May 2013 00:00:00 GMT'],
        ['x-amz-date', '20130524T000000Z'],
        ['x-amz-storage-class', 'REDUCED_REDUNDANCY'],
        ['x-amz-content-sha256', createHash('sha256').update(body).digest('hex')],
        [
          'Authorization',
          authorization(
            'date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class',
            '98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd',
          ),
        ],
      ],
      body,
    };
  };

  const bucketRequest = (url: string, signature: string): SignedRequest => ({
    method: 'GET',
    url,
    headers: [
      ['Host', host],
      ['x-amz-content-sha256', EMPTY_SHA256],
      ['x-amz-date', '20130524T000000Z'],
      ['Authorization', authorization('host;x-amz-content-sha256;x-amz-date', signature)],
    ],
    body: Buffer.alloc(0),
  });

  it('accepts the four documented example requests', () => {
    expect(verifySigV4(getObject(), options)).toEqual({ ok: true, accessKeyId: 'AKIAIOSFODNN7EXAMPLE' });
    expect(verifySigV4(putObject(), options).ok).toBe(true);
    expect(
      verifySigV4(
        bucketRequest('/?lifecycle', 'fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543'),
        options,
      ).ok,
    ).toBe(true);
    // Query parameters in another order sort to the same canonical query.
    const list = '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7';
    expect(verifySigV4(bucketRequest('/?max-keys=2&prefix=J', list), options).ok).toBe(true);
    expect(verifySigV4(bucketRequest('/?prefix=J&max-keys=2', list), options).ok).toBe(true);
  });

  it('refuses the same requests with a different secret, header, path or query', () => {
    const wrongSecret = { ...options, credentials: new Map([['AKIAIOSFODNN7EXAMPLE', 'not-the-secret']]) };
    expect(verifySigV4(getObject(), wrongSecret)).toMatchObject({
      ok: false,
      status: 403,
      code: 'SignatureDoesNotMatch',
    });
    const otherRange = getObject();
    otherRange.headers[1] = ['Range', 'bytes=0-99'];
    expect(verifySigV4(otherRange, options)).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
    expect(verifySigV4({ ...getObject(), url: '/test.tx' }, options)).toMatchObject({
      ok: false,
      code: 'SignatureDoesNotMatch',
    });
    expect(
      verifySigV4(
        bucketRequest('/?max-keys=3&prefix=J', '34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7'),
        options,
      ),
    ).toMatchObject({ ok: false, code: 'SignatureDoesNotMatch' });
  });

  it('refuses a body that does not match its signed SHA-256', () => {
    expect(verifySigV4({ ...putObject(), body: Buffer.from('Welcome to Amazon S4.') }, options)).toMatchObject({
      ok: false,
      status: 400,
      code: 'XAmzContentSHA256Mismatch',
    });
  });

  it('refuses an unknown key, an unsigned x-amz-* header and a stale date', () => {
    expect(verifySigV4(getObject(), { ...options, credentials: new Map() })).toMatchObject({
      code: 'InvalidAccessKeyId',
    });
    const extra = getObject();
    extra.headers.push(['x-amz-acl', 'public-read']);
    expect(verifySigV4(extra, options)).toMatchObject({ status: 403, code: 'AccessDenied' });
    expect(verifySigV4(getObject(), { ...options, now: new Date('2013-05-24T00:16:00Z') })).toMatchObject({
      code: 'RequestTimeTooSkewed',
    });
  });
});
