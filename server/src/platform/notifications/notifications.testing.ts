import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** The notification stream over a real socket (inject cannot stream); the app is made to listen. */
export async function openStream(
  app: FastifyInstance,
  token: string,
  host: string,
): Promise<http.IncomingMessage> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    http
      .get(
        {
          host: '127.0.0.1',
          port,
          path: `/api/notifications/stream?access_token=${token}`,
          headers: { host },
        },
        resolve,
      )
      .on('error', reject);
  });
}
