/**
 * The jumio simulator (docs/providers.md "The simulator"). Placeholder of the foundation: its routes are
 * built in the jumio slice.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { SimulatorContext } from '../context.ts';

export function jumioSimulator(context: SimulatorContext): FastifyPluginAsync {
  void context;
  return async () => undefined;
}
