/**
 * The vendor simulator (docs/providers.md "The simulator"): Sumsub, Onfido and Jumio as their published
 * APIs describe them — our signatures checked, applicants and flows kept in memory, a hosted verification
 * page for the browser, and correctly signed webhooks sent back to the portal. Mounted by the server at
 * /simulator in demo mode (VENDOR_SIMULATOR), run alone by `npm run vendors`, and used by the tests.
 *
 *   const simulator = createSimulator({ publicBase, portalOrigin, sumsub: {...} });
 *   await app.register(simulator.plugin, { prefix: '/simulator' });
 *   simulator.control.dropWebhooks.sumsub = true;   // a lost webhook
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { createContext, type SimulatorControl, type SimulatorOptions } from './context.ts';
import { sumsubSimulator } from './sumsub/sumsub-simulator.ts';
import { onfidoSimulator } from './onfido/onfido-simulator.ts';
import { jumioSimulator } from './jumio/jumio-simulator.ts';

export type { SimulatorControl, SimulatorOptions, SentWebhook } from './context.ts';

const ASSETS = path.join(import.meta.dirname, 'assets');
const ASSET_TYPES: Record<string, string> = {
  'hosted.css': 'text/css; charset=utf-8',
  'hosted.js': 'text/javascript; charset=utf-8',
};

export interface Simulator {
  plugin: FastifyPluginAsync;
  control: SimulatorControl;
}

export function createSimulator(options: SimulatorOptions): Simulator {
  const context = createContext({ ...options, publicBase: options.publicBase.replace(/\/+$/, '') });
  const plugin: FastifyPluginAsync = async (app) => {
    app.get<{ Params: { name: string } }>('/assets/:name', async (request, reply) => {
      const type = ASSET_TYPES[request.params.name];
      if (!type) return reply.code(404).send({ error: 'not found' });
      return reply
        .type(type)
        .header('cache-control', 'no-cache')
        .send(readFileSync(path.join(ASSETS, request.params.name)));
    });
    if (options.sumsub) await app.register(sumsubSimulator(context), { prefix: '/sumsub' });
    if (options.onfido) await app.register(onfidoSimulator(context), { prefix: '/onfido' });
    if (options.jumio) await app.register(jumioSimulator(context), { prefix: '/jumio' });
  };
  return { plugin, control: context.control };
}
