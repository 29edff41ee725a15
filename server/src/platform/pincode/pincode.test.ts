import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';

describe('GET /api/pincode/:pincode (embedded directory)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'pincode-ip=8/60' });
  });
  afterAll(() => t.close());

  it.each([
    ['411001', 'Pune', 'Maharashtra'],
    ['500001', 'Hyderabad', 'Telangana'],
  ])(
    'answers %s with District %s and State %s in the public service shape',
    async (pincode, district, state) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/pincode/${pincode}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        {
          Message: 'Number of pincode(s) found:1',
          Status: 'Success',
          PostOffice: [{ District: district, State: state, Country: 'India', Pincode: pincode }],
        },
      ]);
    },
  );

  it('answers an unknown pincode with Status Error and no post offices', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/pincode/999999' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ Message: 'No records found', Status: 'Error', PostOffice: null }]);
  });

  it.each(['12345', '1234567', 'abcdef', '41100a'])('refuses %j with 400 and the rule', async (pincode) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/pincode/${pincode}` });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, message: 'Pincode must be 6 digits' });
  });

  it('limits one address to the configured number of lookups', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/pincode/411001',
        remoteAddress: '10.9.9.9',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 8)).toEqual(Array(8).fill(200));
    expect(statuses.slice(8)).toEqual([429, 429]);
  });
});

describe('GET /api/pincode/:pincode with PINCODE_API_URL', () => {
  let t: TestApp;
  let upstream: Server;
  const asked: string[] = [];
  let mode: 'ok' | 'slow' | 'broken' | 'error' = 'ok';

  beforeAll(async () => {
    // A stand-in for the public India Post service on a local port.
    upstream = createServer((req, res) => {
      asked.push(req.url ?? '');
      if (mode === 'slow') {
        setTimeout(() => res.end('[]'), 3_000);
        return;
      }
      if (mode === 'broken') {
        res.statusCode = 502;
        res.end('bad gateway');
        return;
      }
      res.setHeader('content-type', 'application/json');
      if (mode === 'error') {
        res.end(JSON.stringify([{ Message: 'No records found', Status: 'Error', PostOffice: null }]));
        return;
      }
      res.end(
        JSON.stringify([
          {
            Message: 'Number of pincode(s) found:2',
            Status: 'Success',
            PostOffice: [
              {
                Name: 'Bhubaneswar G.P.O.',
                District: 'Khorda',
                State: 'Orissa',
                Country: 'India',
                Pincode: '751001',
              },
              {
                Name: 'Kharavelnagar',
                District: 'Khorda',
                State: 'Odisha',
                Country: 'India',
                Pincode: '751001',
              },
            ],
          },
        ]),
      );
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    t = await createTestApp({ PINCODE_API_URL: `http://127.0.0.1:${port}/pincode/` });
  });
  afterAll(async () => {
    await t.close();
    upstream.closeAllConnections();
    await new Promise((resolve) => upstream.close(resolve));
  });

  it("asks the service first and gives its states today's names", async () => {
    mode = 'ok';
    const res = await t.app.inject({ method: 'GET', url: '/api/pincode/751001' });
    expect(asked.at(-1)).toBe('/pincode/751001');
    const [first] = res.json();
    expect(first.Status).toBe('Success');
    expect(first.PostOffice.map((o: { Name: string; State: string }) => [o.Name, o.State])).toEqual([
      ['Bhubaneswar G.P.O.', 'Odisha'],
      ['Kharavelnagar', 'Odisha'],
    ]);
  });

  it('falls back to the embedded directory within about 1.5 s when the service is slow', async () => {
    mode = 'slow';
    const started = Date.now();
    const res = await t.app.inject({ method: 'GET', url: '/api/pincode/411001' });
    const took = Date.now() - started;
    expect(res.json()[0].PostOffice[0]).toMatchObject({ District: 'Pune', State: 'Maharashtra' });
    expect(took).toBeGreaterThanOrEqual(1_400);
    expect(took).toBeLessThan(2_800);
  });

  it('falls back when the service fails or knows nothing', async () => {
    mode = 'broken';
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/pincode/500001' })).json()[0].PostOffice[0].State,
    ).toBe('Telangana');
    mode = 'error';
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/pincode/500001' })).json()[0].PostOffice[0].District,
    ).toBe('Hyderabad');
    expect((await t.app.inject({ method: 'GET', url: '/api/pincode/999999' })).json()[0].Status).toBe(
      'Error',
    );
  });
});
