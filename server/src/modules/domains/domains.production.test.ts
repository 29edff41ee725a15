import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DOMAIN_MESSAGES } from '@schooliko/common/domains';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../testing/test-app';

describe('domain registration in production', () => {
  it('does not accept *.localhost domains', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'schooliko-domains-prod-'));
    const prod = await createTestApp({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      DATA_DIR: dataDir,
    });
    try {
      const res = await prod.app.inject({
        method: 'GET',
        url: '/api/domains/check-domain?domain_name=sunrise.localhost',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(DOMAIN_MESSAGES.domainInvalid.text);
      const settings = await prod.app.inject({ method: 'GET', url: '/api/domains/registration-settings' });
      expect(settings.json().data).toMatchObject({ allow_localhost: false, dev_mail_viewer: false });
      expect(settings.json().data.extensions).not.toContain('localhost');
    } finally {
      await prod.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
