// The ceiling: a bare Fastify server answering a small JSON body, on the same machine.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.all('/*', async () => ({ success: true, data: { hello: 'world' } }));
await app.listen({ port: Number(process.env.PORT ?? 3900), host: '127.0.0.1' });
