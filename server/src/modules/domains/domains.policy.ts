import type { FastifyInstance } from 'fastify';
import type { RateRule } from '../../plugins/rate-limit';

export const DOMAIN_RATE_RULES = {
  checkIp: { name: 'domain-check-ip', max: 60, windowSeconds: 60 },
  registerIp: { name: 'domain-register-ip', max: 10, windowSeconds: 600 },
} as const satisfies Record<string, RateRule>;

/**
 * `*.localhost` names may be registered outside production only: browsers resolve them to this
 * machine, which is what a developer (and the end-to-end test) needs, and nothing a real school
 * could be served on.
 */
export function allowLocalhostDomains(app: FastifyInstance): boolean {
  return app.config.NODE_ENV !== 'production';
}
