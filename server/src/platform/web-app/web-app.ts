import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { failure } from '../../plugins/errors';
import { IndexPages } from './index-page';

/**
 * The built single-page app, with a history fallback for every path outside /api. On an
 * institute's host the page comes with that institute's branding and a static first paint
 * (index-page.ts); on any other host it is the built index.html as it is.
 */
export function registerWebApp(app: FastifyInstance, dist: string) {
  const hasWebApp = existsSync(path.join(dist, 'index.html'));
  const pages = hasWebApp ? new IndexPages(dist, app) : null;
  const servePage = async (request: FastifyRequest, reply: FastifyReply) => {
    const [url = '/', query = ''] = request.url.split('?');
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!pages || url.startsWith('/api') || !isPage || path.extname(url)) {
      return reply
        .status(404)
        .send(
          failure(404, `Route ${request.method} ${url} not found`, { coded: { code: 'common.notFound' } }),
        );
    }
    reply.header('cache-control', 'no-cache');
    const page = await pages.render(request.headers.host, url, new URLSearchParams(query));
    if (!page) return reply.sendFile('index.html', dist);
    return pages.send(request, reply, page);
  };
  app.setNotFoundHandler(servePage);
  if (!hasWebApp) return;
  // `/` too, so an institute's host gets its page there (the static files have no index).
  app.get('/', { schema: { hide: true } }, servePage);
  app.register(fastifyStatic, {
    root: dist,
    wildcard: true,
    index: false,
    preCompressed: true,
    setHeaders(res, served) {
      const filePath = served.replace(/\.(br|gz)$/, '');
      if (filePath.endsWith('index.html')) res.header('cache-control', 'no-cache');
      else if (filePath.includes(`${path.sep}assets${path.sep}`))
        res.header('cache-control', 'public, max-age=31536000, immutable');
      // The public folder's images (demo logos, covers) keep their names from release to release:
      // a week, then the cached copy serves while it is checked again (issue 16).
      else res.header('cache-control', 'public, max-age=604800, stale-while-revalidate=2592000');
    },
  });
}
