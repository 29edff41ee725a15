import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../config';
import { sha256Hex, signRequest } from './sigv4';
import { createStorage, localStorage, resolveInside, s3Storage } from './storage';

const KEY = 'schooliko/0001_xin_20250101/logo/0123456789abcdef0123456789abcdef.png';

describe('local storage', () => {
  const root = mkdtempSync(path.join(tmpdir(), 'schooliko-storage-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes under its root and answers the /uploads URL', async () => {
    const storage = localStorage(root);
    expect(await storage.put(KEY, Buffer.from('png bytes'), 'image/png')).toBe(`/uploads/${KEY}`);
    expect(readFileSync(path.join(root, KEY), 'utf8')).toBe('png bytes');
    expect(storage.owns(`/uploads/${KEY}`)).toBe(true);
    expect(storage.owns('/uploads/../secret')).toBe(false);
    expect(storage.owns('https://elsewhere.example/x.png')).toBe(false);
  });

  it('never resolves a key outside its root', async () => {
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'A/B.png', 'a\\..\\x', '']) {
      expect(resolveInside(root, key)).toBeNull();
    }
    await expect(localStorage(root).put('../escape.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
      'unsafe',
    );
  });

  it('is what the server uses when S3 is not configured', () => {
    expect(createStorage(readConfig({ DATA_DIR: root })).kind).toBe('local');
  });
});

describe('S3-compatible storage', () => {
  it('PUTs the object path-style with a valid SigV4 signature and answers the public URL', async () => {
    const received: { req: IncomingMessage; body: Buffer }[] = [];
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        received.push({ req, body: Buffer.concat(chunks) });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const settings = {
        endpoint,
        bucket: 'school-assets',
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'secret-for-tests',
        region: 'ap-south-1',
        publicUrl: 'https://cdn.example.in/assets',
      };
      const storage = s3Storage(settings);
      const body = Buffer.from('image bytes');
      const url = await storage.put(KEY, body, 'image/png');
      expect(url).toBe(`https://cdn.example.in/assets/${KEY}`);
      expect(storage.owns(url)).toBe(true);

      const [{ req, body: got }] = received as [{ req: IncomingMessage; body: Buffer }];
      expect(req.method).toBe('PUT');
      expect(req.url).toBe(`/school-assets/${KEY}`);
      expect(got.toString()).toBe('image bytes');
      expect(req.headers['content-type']).toBe('image/png');
      expect(req.headers['x-amz-content-sha256']).toBe(sha256Hex(body));

      // The server side of SigV4: recompute from what arrived and compare.
      const amzDate = String(req.headers['x-amz-date']);
      const now = new Date(
        `${amzDate.slice(0, 4)}-${amzDate.slice(4, 6)}-${amzDate.slice(6, 8)}T${amzDate.slice(9, 11)}:${amzDate.slice(11, 13)}:${amzDate.slice(13, 15)}Z`,
      );
      const expected = signRequest({
        method: 'PUT',
        url: new URL(`${endpoint}${req.url}`),
        headers: {
          'content-type': 'image/png',
          'cache-control': String(req.headers['cache-control']),
          'x-content-type-options': 'nosniff',
        },
        payloadHash: sha256Hex(got),
        region: 'ap-south-1',
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'secret-for-tests',
        now,
      });
      expect(req.headers.authorization).toBe(expected.headers.authorization);
      expect(req.headers.authorization).toContain('Credential=AKIDEXAMPLE/');
      expect(req.headers.authorization).toContain('/ap-south-1/s3/aws4_request');
    } finally {
      server.close();
    }
  });

  it('fails loudly when the bucket refuses', async () => {
    const server = createServer((_req, res) => res.writeHead(403).end('<Error>AccessDenied</Error>'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const storage = s3Storage({
        endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        bucket: 'b',
        accessKeyId: 'a',
        secretAccessKey: 's',
        region: 'us-east-1',
      });
      await expect(storage.put(KEY, Buffer.from('x'), 'image/png')).rejects.toThrow('403');
    } finally {
      server.close();
    }
  });

  it('is chosen when the four S3 settings are present', () => {
    const config = readConfig({
      S3_ENDPOINT: 'https://s3.ap-south-1.amazonaws.com',
      S3_BUCKET: 'b',
      S3_ACCESS_KEY_ID: 'a',
      S3_SECRET_ACCESS_KEY: 's',
    });
    const storage = createStorage(config);
    expect(storage.kind).toBe('s3');
    expect(storage.urlFor('k.png')).toBe('https://s3.ap-south-1.amazonaws.com/b/k.png');
  });
});
