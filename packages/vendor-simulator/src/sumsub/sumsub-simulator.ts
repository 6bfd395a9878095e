/**
 * The sumsub simulator (docs/providers.md "The simulator"). Placeholder of the foundation: its routes are
 * built in the sumsub slice.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { SimulatorContext } from '../context.ts';

export function sumsubSimulator(context: SimulatorContext): FastifyPluginAsync {
  void context;
  return async () => undefined;
}
