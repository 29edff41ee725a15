import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readConfig } from '../../config';
import { createStorage, localStorage, resolveInside, s3Storage } from './storage';
import { FAKE_S3, type FakeS3, fakeS3 } from './uploads.testing';

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

  it('knows which keys it holds and opens only stored files', async () => {
    const storage = localStorage(root);
    await storage.put(KEY, Buffer.from('png bytes'), 'image/png');
    expect(storage.keyOf(`/uploads/${KEY}`)).toBe(KEY);
    expect(storage.keyOf('/uploads/../secret')).toBeNull();
    expect(await storage.exists(KEY)).toBe(true);
    expect(await storage.exists(KEY.replace('0123', '4567'))).toBe(false);
    expect(await storage.exists('schooliko')).toBe(false);
    expect(await storage.exists('../secret')).toBe(false);

    const file = await storage.open?.(KEY);
    expect([file?.size, file?.contentType]).toEqual([9, 'image/png']);
    expect((await file?.handle.readFile())?.toString()).toBe('png bytes');
    await file?.handle.close();
    writeFileSync(path.join(root, 'notes.txt'), 'x');
    const notes = await storage.open?.('notes.txt');
    expect(notes?.contentType).toBe('application/octet-stream');
    await notes?.handle.close();
    mkdirSync(path.join(root, 'linked'));
    symlinkSync(path.join(root, KEY), path.join(root, 'linked', 'x.png'));
    for (const key of ['schooliko', 'linked/x.png', 'missing.png', '../secret']) {
      expect(await storage.open?.(key)).toBeNull();
      expect(await storage.exists(key)).toBe(false);
    }
  });

  it('erases a stored file (a missing one is no error), never outside its root', async () => {
    const storage = localStorage(root);
    await storage.put(KEY, Buffer.from('png bytes'), 'image/png');
    await storage.remove(KEY);
    expect(await storage.exists(KEY)).toBe(false);
    await storage.remove(KEY);
    await expect(storage.remove('../secret')).rejects.toThrow('unsafe storage key');
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
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await fakeS3();
  });
  afterAll(() => s3.close());
  const settings = () => ({
    ...FAKE_S3,
    endpoint: s3.endpoint,
    bucket: 'school-assets',
    publicUrl: 'https://cdn.example.in/assets',
  });

  it('PUTs the object path-style with a valid SigV4 signature and answers the public URL', async () => {
    const storage = s3Storage(settings());
    const url = await storage.put(KEY, Buffer.from('image bytes'), 'image/png');
    expect(url).toBe(`https://cdn.example.in/assets/${KEY}`);
    expect(storage.owns(url)).toBe(true);
    expect(storage.keyOf(url)).toBe(KEY);
    expect(storage.keyOf(`https://cdn.example.in/assets/../${KEY}`)).toBeNull();
    expect(storage.keyOf(`/uploads/${KEY}`)).toBeNull();

    // The fake answers 403 to a request whose signature does not match what arrived.
    const put = s3.requests.at(-1);
    expect([put?.method, put?.path]).toEqual(['PUT', `/school-assets/${KEY}`]);
    expect(put?.headers.authorization).toContain('Credential=AKIDEXAMPLE/');
    expect(put?.headers.authorization).toContain('/ap-south-1/s3/aws4_request');
    expect(put?.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const object = s3.objects.get(`/school-assets/${KEY}`);
    expect(object?.body.toString()).toBe('image bytes');
    expect(object?.contentType).toBe('image/png');
  });

  it('asks the bucket (a signed HEAD) whether a key is stored', async () => {
    const storage = s3Storage(settings());
    await storage.put(KEY, Buffer.from('x'), 'image/png');
    expect(await storage.exists(KEY)).toBe(true);
    expect(s3.requests.at(-1)?.method).toBe('HEAD');
    expect(await storage.exists(KEY.replace('0123', '4567'))).toBe(false);
    expect(await storage.exists('../escape.png')).toBe(false);
    // A bucket answers 403 for what it will not show (a wrong signature here): not ours to use.
    const wrong = s3Storage({ ...settings(), secretAccessKey: 'wrong' });
    expect(await wrong.exists(KEY)).toBe(false);
  });

  it('erases an object with a signed DELETE; a private one is stored as not for caches', async () => {
    const storage = s3Storage(settings());
    const key = `private/people/${KEY}`;
    await storage.put(key, Buffer.from('x'), 'image/png');
    expect(s3.requests.at(-1)?.headers['cache-control']).toBe('private, no-store');
    expect(await storage.exists(key)).toBe(true);
    await storage.remove(key);
    expect([s3.requests.at(-1)?.method, s3.requests.at(-1)?.path]).toEqual([
      'DELETE',
      `/school-assets/${key}`,
    ]);
    expect(await storage.exists(key)).toBe(false);
    const wrong = s3Storage({ ...settings(), secretAccessKey: 'wrong' });
    await expect(wrong.remove(KEY)).rejects.toThrow('403');
  });

  it('fails loudly when the bucket refuses a PUT or breaks', async () => {
    const wrong = s3Storage({ ...settings(), secretAccessKey: 'wrong' });
    await expect(wrong.put(KEY, Buffer.from('x'), 'image/png')).rejects.toThrow('403');
    const server = createServer((_req, res) => res.writeHead(500).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const broken = s3Storage({
        ...settings(),
        endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      });
      await expect(broken.exists(KEY)).rejects.toThrow('500');
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
