import { describe, expect, it } from 'vitest';
import { EMPTY_SHA256, sha256Hex, signRequest } from './sigv4';

// The worked examples of AWS's "Signature Version 4: header-based authentication" page for S3.
const example = {
  accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
  secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  region: 'us-east-1',
  now: new Date('2013-05-24T00:00:00Z'),
};

describe('SigV4 signing', () => {
  it("reproduces AWS's GET Object example", () => {
    const signed = signRequest({
      ...example,
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: EMPTY_SHA256,
    });
    expect(sha256Hex(signed.canonicalRequest)).toBe(
      '7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972',
    );
    expect(signed.headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request,SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it("reproduces AWS's PUT Object example, with a key that needs encoding", () => {
    const body = 'Welcome to Amazon S3.';
    const signed = signRequest({
      ...example,
      method: 'PUT',
      url: new URL('https://examplebucket.s3.amazonaws.com/test$file.text'),
      headers: { Date: 'Fri, 24 May 2013 00:00:00 GMT', 'x-amz-storage-class': 'REDUCED_REDUNDANCY' },
      payloadHash: sha256Hex(body),
    });
    expect(signed.url).toBe('https://examplebucket.s3.amazonaws.com/test%24file.text');
    expect(signed.signature).toBe('98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd');
  });

  it("reproduces AWS's List Objects example, query sorted", () => {
    const signed = signRequest({
      ...example,
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J'),
      payloadHash: EMPTY_SHA256,
    });
    expect(signed.signature).toBe('34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7');
  });

  it('changes the signature when the secret differs', () => {
    const base = {
      ...example,
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      payloadHash: EMPTY_SHA256,
    };
    expect(signRequest(base).signature).not.toBe(
      signRequest({ ...base, secretAccessKey: 'another' }).signature,
    );
  });
});
